import { useEffect, useState } from 'react';
import type { Run } from '../../../contract/runs';
import { formatTokens } from '../../api/tokens';
import { dataTableColumns, DateTimeCell, EmptyCell } from '../../ui/data-table';
import { rowActionsColumn } from '../../ui/row-menu';
import { StatusBadge } from '../../ui/status-badge';
import { RunActions } from './run-actions';
import { RunResults } from './run-results';
import { runMessageText } from './run-message';
import { formatDuration, isQueued, runsTexts, targetText, typeLabels } from './runs-texts';

const col = dataTableColumns<Run>();

/** The runs centre's columns: what, how it stands, when and how long, what it cost and added; and what can be done. */
export const runColumns = col.columns([
  col.accessor('type', {
    header: 'Type',
    cell: (c) => typeLabels[c.getValue()],
    enableSorting: false,
    meta: { width: '80px', pin: 'left' },
  }),
  col.display({
    id: 'target',
    header: 'Target',
    cell: ({ row }) => (
      <span className="data-table__clamp" title={targetText(row.original)}>
        {targetText(row.original)}
      </span>
    ),
    meta: { width: '200px', pin: 'left' },
  }),
  col.accessor('status', {
    header: 'Status',
    cell: ({ row }) => <RunStatus run={row.original} />,
    enableSorting: false,
    meta: { width: '140px' },
  }),
  col.accessor('started_at', {
    header: 'Started',
    cell: ({ row }) => <Started run={row.original} />,
    enableSorting: false,
    meta: { width: '160px' },
  }),
  col.display({ id: 'duration', header: 'Duration', cell: ({ row }) => <Duration run={row.original} />, meta: { width: '90px' } }),
  col.display({
    id: 'tokens',
    header: 'Tokens charged / at most',
    cell: ({ row }) => <RunTokens run={row.original} />,
    meta: { width: '130px', className: 'runs__number runs__wrap-header' },
  }),
  col.accessor('items_added', {
    header: 'Results',
    cell: ({ row }) => <RunResults run={row.original} />,
    enableSorting: false,
    meta: { width: '150px', className: 'runs__number runs__wrap-header' },
  }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <RunActions run={row.original} />,
    ...rowActionsColumn,
  }),
]);

/** A queued run's pill reads "Queued"; a working one "In Progress", said "Running"; an ended one its status (docs/product.md#runs-centre). */
function RunStatus({ run }: { run: Run }) {
  const queued = isQueued(run);
  return (
    <span className="runs__status">
      <StatusBadge name={queued ? runsTexts.queued : run.status} message={runMessageText(run.message) || null} />
      {run.finished_at === null && !queued ? <span className="runs__phase">{runsTexts.running}</span> : null}
    </span>
  );
}

/** When it started; "Queued" only while it waits for its turn; nothing for a run that ended without starting (refused for its balance, skipped, cancelled while queued). */
function Started({ run }: { run: Run }) {
  if (run.started_at) return <DateTimeCell value={run.started_at} />;
  return isQueued(run) ? <span className="data-table__muted">{runsTexts.queued}</span> : <EmptyCell />;
}

function RunTokens({ run }: { run: Run }) {
  if (run.max_tokens === 0 && run.charged_tokens === 0) return <EmptyCell />;
  return (
    <span>
      {run.finished_at ? formatTokens(run.charged_tokens) : '…'} / {formatTokens(run.max_tokens)}
    </span>
  );
}

/** How long the run worked: until it ended, or, while it works, until now (ticking). */
function Duration({ run }: { run: Run }) {
  const running = run.started_at !== null && run.finished_at === null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [running]);
  if (run.started_at === null) return <EmptyCell />;
  const end = run.finished_at === null ? now : Date.parse(run.finished_at);
  return <span>{formatDuration(end - Date.parse(run.started_at))}</span>;
}
