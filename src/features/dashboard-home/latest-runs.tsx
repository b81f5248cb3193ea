import type { GenerationHistoryEntry } from '../../../contract/history';
import { DataTable, dataTableColumns, DateTimeCell, formatCount, useDataTable } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { generatedCount } from '../history';
import { runProduct, runTarget } from './overview-model';

const col = dataTableColumns<GenerationHistoryEntry>();

const runColumns = col.columns([
  col.accessor('created_at', { header: 'Started (UTC)', cell: (c) => <DateTimeCell value={c.getValue()} />, meta: { width: '180px' } }),
  col.accessor((run) => runProduct(run.type), { id: 'type', header: 'Type', meta: { width: '110px' } }),
  col.accessor((run) => runTarget(run), { id: 'target', header: 'For', meta: { width: '320px' } }),
  col.accessor('status', { header: 'Status', cell: (c) => <StatusBadge name={c.getValue()} />, meta: { width: '170px' } }),
  col.accessor((run) => run.items_added ?? run.equipments_generated, {
    id: 'generated',
    header: 'Generated',
    cell: (c) => generatedCount(c.row.original),
    meta: { width: '150px', className: 'home__number' },
  }),
  col.accessor('total_tokens', {
    header: 'Token Cost',
    cell: (c) => (
      <span title={`${formatCount(c.row.original.input_tokens)} input + ${formatCount(c.row.original.output_tokens)} output tokens`}>
        {formatCount(c.getValue())}
      </span>
    ),
    meta: { width: '130px', className: 'home__number' },
  }),
]);

/** The latest generation runs with their token cost, newest first (sortable in the browser). */
export function LatestRuns({ runs }: { runs: GenerationHistoryEntry[] }) {
  const table = useDataTable({ columns: runColumns, data: runs, getRowId: (run) => String(run.id) });
  return (
    <section className="home__runs" aria-labelledby="home-runs">
      <h2 id="home-runs" className="home__section-title">
        Latest generation runs
      </h2>
      {runs.length === 0 ? (
        <p className="home__hint">No generation has run yet.</p>
      ) : (
        <DataTable
          table={table}
          caption="Latest generation runs, newest first"
          emptyText="No generation has run yet."
          filterLabel={false}
          columnMenu={false}
          maxHeight="none"
        />
      )}
    </section>
  );
}
