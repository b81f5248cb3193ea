import { useEffect, useState } from 'react';
import type { Run } from '../../../contract/runs';
import { formatTokens } from '../../api/tokens';
import { dataTableColumns, DateTimeCell, EmptyCell } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { RunActions } from './run-actions';
import { runMessageText } from './run-message';
import { formatDuration, runsTexts, targetText, typeLabels } from './runs-texts';

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
    cell: ({ row }) =>
      row.original.started_at ? (
        <DateTimeCell value={row.original.started_at} />
      ) : (
        <span className="data-table__muted">{runsTexts.queued}</span>
      ),
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
    header: 'Items added',
    cell: ({ row }) => (row.original.finished_at ? formatTokens(row.original.items_added) : <EmptyCell />),
    enableSorting: false,
    meta: { width: '90px', className: 'runs__number runs__wrap-header' },
  }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <RunActions run={row.original} />,
    meta: { width: '210px', pin: 'right' },
  }),
]);

function RunStatus({ run }: { run: Run }) {
  const working = run.finished_at === null;
  return (
    <span className="runs__status">
      <StatusBadge name={run.status} message={runMessageText(run.message) || null} />
      {working ? <span className="runs__phase">{run.queued ? runsTexts.queued : runsTexts.running}</span> : null}
    </span>
  );
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
