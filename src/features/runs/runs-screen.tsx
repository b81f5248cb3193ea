import { Link, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { runStatusFilters, runTypes } from '../../../contract/run-filters';
import type { Run } from '../../../contract/runs';
import { useRuns } from '../../api/runs';
import { useGridColumnSettings } from '../../api/grid-settings';
import { useDataTable } from '../../ui/data-table';
import { PagedGrid, SelectFilter, usePagedSearchUpdate } from '../../ui/paged-grid';
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
  const query = useMemo(() => queryOfRunsSearch(search), [search]);
  const runs = useRuns(query);
  const rows = runs.data?.runs ?? noRuns;
  const update = usePagedSearchUpdate<RunsSearch>();
  const columnSettings = useGridColumnSettings('runs');
  const table = useDataTable({ columns: runColumns, columnSettings, data: rows, getRowId: (run) => String(run.id), serverSide: true });
  const filtered = search.status !== undefined || search.type !== undefined || search.run !== undefined;

  return (
    <PagedGrid
      className="runs"
      title={runsTexts.title}
      headerEnd={<ConfirmPreference />}
      filters={<RunsFilters search={search} onChange={update} />}
      list={runs}
      failedText={runsTexts.fetchFailed}
      shown={rows.length}
      total={runs.data?.total}
      page={search.page ?? 1}
      pageSize={runsPageSize}
      onPageChange={(page) => update({ page })}
      table={table}
      caption="Your generation runs, newest first"
      emptyText={filtered ? runsTexts.noMatch : runsTexts.empty}
      getRowClassName={(row) => (row.original.id === search.run ? 'runs__row--picked' : undefined)}
    />
  );
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
