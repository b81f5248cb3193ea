import { useQuery } from '@tanstack/react-query';
import type { ReviewStatsRow } from '../../../contract/review';
import { reviewStatsOptions } from '../../api/review';
import { DataTable, dataTableColumns, EmptyCell, formatCount, useDataTable } from '../../ui/data-table';
import { FetchFailure } from '../../ui/fetch-failure';
import { Spinner } from '../../ui/spinner';
import { runProduct } from './overview-model';

const qualityTexts = {
  title: 'Generation quality, last 30 days',
  empty: 'No runs in the last 30 days.',
  fetchFailed: 'Failed to load the generation quality. Please try again.',
  loading: 'Loading the generation quality',
  caption: 'Generation quality of the last 30 days, per type, AI model and prompt version',
  unknown: 'Not recorded',
} as const;

const col = dataTableColumns<ReviewStatsRow>();

const qualityColumns = col.columns([
  col.accessor((row) => runProduct(row.type), { id: 'type', header: 'Type', meta: { width: '110px' } }),
  col.accessor((row) => row.provider_model ?? qualityTexts.unknown, { id: 'provider_model', header: 'AI model', meta: { width: '220px' } }),
  col.accessor((row) => row.prompt_version ?? qualityTexts.unknown, {
    id: 'prompt_version',
    header: 'Prompt version',
    meta: { width: '150px' },
  }),
  col.accessor('runs', { header: 'Runs', cell: (c) => formatCount(c.getValue()), meta: { width: '90px', className: 'home__number' } }),
  col.accessor('tokens_per_accepted', {
    header: 'Tokens per accepted result',
    cell: (c) => {
      const value = c.getValue();
      return value === null ? <EmptyCell /> : formatCount(Math.round(value));
    },
    meta: { width: '200px', className: 'home__number' },
  }),
  col.accessor('acceptance_rate', {
    header: 'Acceptance rate',
    cell: (c) => <AcceptanceRate row={c.row.original} />,
    meta: { width: '160px', className: 'home__number' },
  }),
]);

/** "83%", its accepted and rejected counts in the title; a dash while nothing is decided. */
function AcceptanceRate({ row }: { row: ReviewStatsRow }) {
  if (row.acceptance_rate === null) return <EmptyCell />;
  return (
    <span title={`${formatCount(row.accepted)} accepted, ${formatCount(row.rejected)} rejected of ${formatCount(row.added)} added`}>
      {Math.round(row.acceptance_rate * 100)}%
    </span>
  );
}

/**
 * The home's "Generation quality, last 30 days" (docs/decisions/0025-review-of-generated-items.md): per type, AI model
 * and prompt version, how many runs, the tokens charged per accepted result and the share of decided results accepted.
 */
export function GenerationQuality() {
  const stats = useQuery(reviewStatsOptions());
  return (
    <section className="home__runs" aria-labelledby="home-quality">
      <h2 id="home-quality" className="home__section-title">
        {qualityTexts.title}
      </h2>
      {stats.isPending ? (
        <div className="home__state">
          <Spinner label={qualityTexts.loading} />
        </div>
      ) : stats.isError ? (
        <FetchFailure
          className="home__state home__state--error"
          message={qualityTexts.fetchFailed}
          retrying={stats.isFetching}
          onRetry={() => void stats.refetch()}
        />
      ) : stats.data.rows.length === 0 ? (
        <p className="home__hint">{qualityTexts.empty}</p>
      ) : (
        <QualityTable rows={stats.data.rows} />
      )}
    </section>
  );
}

function QualityTable({ rows }: { rows: ReviewStatsRow[] }) {
  const table = useDataTable({
    columns: qualityColumns,
    data: rows,
    getRowId: (row) => `${row.type}|${row.provider_model ?? ''}|${row.prompt_version ?? ''}`,
  });
  return (
    <DataTable
      table={table}
      caption={qualityTexts.caption}
      emptyText={qualityTexts.empty}
      filterLabel={false}
      columnMenu={false}
      maxHeight="none"
    />
  );
}
