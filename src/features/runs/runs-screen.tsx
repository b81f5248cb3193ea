import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useId, useMemo } from 'react';
import { runStatusFilters, runTypes } from '../../../contract/run-filters';
import type { Run } from '../../../contract/runs';
import { useRuns } from '../../api/runs';
import { useGridColumnSettings } from '../../api/grid-settings';
import { DataTable, useDataTable } from '../../ui/data-table';
import { ConfirmPreference } from './confirm-preference';
import { runColumns } from './run-columns';
import { queryOfRunsSearch, runsPageSize, type RunsSearch } from './runs-search';
import { runsTexts, statusFilterLabels, typeLabels } from './runs-texts';
import './runs.css';

const noRuns: Run[] = [];

/**
 * The runs centre (docs/product.md#runs-centre): the generation runs the operator started, newest first, live (`runchanged`
 * patches the rows), with Cancel, Retry and History on each; status and type filters and the page in the URL.
 */
export function RunsScreen() {
  const search = useSearch({ from: '/dashboard/runs' });
  const navigate = useNavigate({ from: '/dashboard/runs' });
  const query = useMemo(() => queryOfRunsSearch(search), [search]);
  const runs = useRuns(query);
  const rows = runs.data?.runs ?? noRuns;
  const total = runs.data?.total;
  const statusId = useId();
  const typeId = useId();

  const update = useCallback(
    (patch: Partial<RunsSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, page: undefined, ...patch }), replace: !('page' in patch) }),
    [navigate],
  );
  const columnSettings = useGridColumnSettings('runs');
  const table = useDataTable({ columns: runColumns, columnSettings, data: rows, getRowId: (run) => String(run.id), serverSide: true });
  const page = search.page ?? 1;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / runsPageSize));
  const filtered = search.status !== undefined || search.type !== undefined || search.run !== undefined;

  return (
    <section className="screen runs" aria-labelledby="screen-title">
      <header className="runs__header">
        <h1 id="screen-title" className="screen__title">
          {runsTexts.title}
        </h1>
        <ConfirmPreference />
      </header>
      <div className="runs__filters" role="group" aria-label="Filters">
        <div className="field">
          <label className="field__label" htmlFor={statusId}>
            Status
          </label>
          <select
            id={statusId}
            className="input"
            value={search.status ?? ''}
            onChange={(event) => update({ status: (event.target.value || undefined) as RunsSearch['status'] })}
          >
            <option value="">All</option>
            {runStatusFilters.map((value) => (
              <option key={value} value={value}>
                {statusFilterLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={typeId}>
            Type
          </label>
          <select
            id={typeId}
            className="input"
            value={search.type ?? ''}
            onChange={(event) => update({ type: (event.target.value || undefined) as RunsSearch['type'] })}
          >
            <option value="">All</option>
            {runTypes.map((value) => (
              <option key={value} value={value}>
                {typeLabels[value]}
              </option>
            ))}
          </select>
        </div>
        {search.run !== undefined ? (
          <p className="runs__one">
            {runsTexts.oneRun(search.run)} ·{' '}
            <Link to="/dashboard/runs" search={{}}>
              {runsTexts.showAll}
            </Link>
          </p>
        ) : null}
      </div>
      <DataTable
        table={table}
        caption="Your generation runs, newest first"
        emptyText={filtered ? runsTexts.noMatch : runsTexts.empty}
        loading={runs.isPending}
        error={
          runs.isError && rows.length === 0 ? (
            <span>
              {runsTexts.fetchFailed}{' '}
              <button type="button" className="btn btn--link" onClick={() => void runs.refetch()}>
                Retry
              </button>
            </span>
          ) : undefined
        }
        filterLabel={false}
        maxHeight="none"
        getRowClassName={(row) => (row.original.id === search.run ? 'runs__row--picked' : undefined)}
      />
      {total !== undefined && total > 0 ? (
        <nav className="runs__paging" aria-label="Pages">
          <p aria-live="polite">{runsTexts.paging(query.offset + 1, query.offset + rows.length, total)}</p>
          <div className="runs__pager">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={page <= 1}
              onClick={() => update({ page: page - 1 === 1 ? undefined : page - 1 })}
            >
              Previous
            </button>
            <button type="button" className="btn btn--secondary" disabled={page >= pages} onClick={() => update({ page: page + 1 })}>
              Next
            </button>
          </div>
        </nav>
      ) : null}
    </section>
  );
}
