import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { runStatusFilters, runTypes } from '../../../contract/run-filters';
import { loadedRuns, useRunsList } from '../../api/runs';
import { useGridColumnSettings } from '../../api/grid-settings';
import { DataTable, useDataTable } from '../../ui/data-table';
import { useInfiniteScrollGrid } from '../../ui/infinite-scroll-grid';
import { SelectFilter } from '../../ui/paged-grid';
import { ConfirmPreference } from './confirm-preference';
import { runColumns } from './run-columns';
import { queryOfRunsSearch, type RunsSearch } from './runs-search';
import { runsTexts, statusFilterLabels, typeLabels } from './runs-texts';
import './runs.css';

/**
 * The runs centre (docs/product.md#runs-centre): the generation runs the operator started, newest first, live (`runchanged`
 * patches the rows), with Cancel, Retry and History on each; status and type filters in the URL. The list loads more
 * as the operator scrolls, as the catalogue grids do.
 */
export function RunsScreen() {
  const search = useSearch({ from: '/dashboard/runs' });
  const filter = useMemo(() => queryOfRunsSearch(search), [search]);
  const list = useRunsList(filter);
  const rows = useMemo(() => loadedRuns(list.data), [list.data]);
  const total = list.data?.pages.at(-1)?.total;
  const update = useRunsSearchUpdate();
  const columnSettings = useGridColumnSettings('runs');
  const table = useDataTable({ columns: runColumns, columnSettings, data: rows, getRowId: (run) => String(run.id), serverSide: true });
  const scrollPaging = useInfiniteScrollGrid(list, { loadedRows: rows.length, total, failedText: runsTexts.fetchFailed });
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
        <RunsFilters search={search} onChange={update} />
      </div>
      <DataTable
        table={table}
        caption="Your generation runs, newest first"
        filterLabel={false}
        emptyText={filtered ? runsTexts.noMatch : runsTexts.empty}
        getRowClassName={(row) => (row.original.id === search.run ? 'runs__row--picked' : undefined)}
        {...scrollPaging}
        // Every row is two lines high at every width (runs.css): the virtualised body's estimate is right from the
        // first paint, so nothing moves as rows are measured.
        estimateRowHeight={62}
        summary={total === undefined ? null : <span role="status">{runsTexts.count(total)}</span>}
      />
    </section>
  );
}

/** Writes a filter into the URL, replacing the history entry (a filter is not a place Back returns to). */
function useRunsSearchUpdate(): (patch: Partial<RunsSearch>) => void {
  const navigate = useNavigate({ from: '/dashboard/runs' });
  return useCallback((patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true }), [navigate]);
}

/** The status and type filters, and while the URL names one run, that run with a way back to all of them. */
function RunsFilters({ search, onChange }: { search: RunsSearch; onChange: (patch: Partial<RunsSearch>) => void }) {
  return (
    <>
      <SelectFilter
        label="Status"
        value={search.status}
        options={runStatusFilters}
        optionLabel={(status) => statusFilterLabels[status]}
        onChange={(status) => onChange({ status })}
      />
      <SelectFilter
        label="Type"
        value={search.type}
        options={runTypes}
        optionLabel={(type) => typeLabels[type]}
        onChange={(type) => onChange({ type })}
      />
      {search.run !== undefined ? (
        <p className="runs__one">
          {runsTexts.oneRun(search.run)} ·{' '}
          <Link to="/dashboard/runs" search={{}}>
            {runsTexts.showAll}
          </Link>
        </p>
      ) : null}
    </>
  );
}
