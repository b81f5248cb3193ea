import type { RunStatusFilter, RunType } from '../../../contract/run-filters';
import type { Run } from '../../../contract/runs';
import { formatCount } from '../../ui/data-table';

export const runsTexts = {
  title: 'Runs',
  empty: 'No runs yet. Every generation you start shows here.',
  noMatch: 'No runs match these filters.',
  fetchFailed: 'The runs could not be loaded.',
  /** The toolbar's summary: how many runs the filters match ("1,234 runs"). */
  count: (total: number) => `${formatCount(total)} ${total === 1 ? 'run' : 'runs'}`,
  queued: 'Queued',
  running: 'Running',
  oneRun: (id: number) => `Run #${id}`,
  showAll: 'Show all runs',
  cancelTitle: 'Cancel this generation?',
  cancelDescription: (run: Run) =>
    `${targetText(run)}: the generation stops now. Nothing it generated is kept and nothing is charged; the tokens it holds are released.`,
  cancelConfirm: 'Cancel generation',
  cancelKeep: 'Keep running',
  actionFailed: 'The request failed. Please try again.',
  /** The cost confirmation's question for a retry. */
  retryWhat: (run: Run) => `Retry: ${targetText(run)}.`,
  retriedAs: (id: number) => `Retried as run #${id}`,
  reviewResults: (n: number) => `Review ${n.toLocaleString('en-US')} new ${n === 1 ? 'result' : 'results'}`,
} as const;

export const statusFilterLabels: Record<RunStatusFilter, string> = {
  active: 'Queued or in progress',
  finished: 'Ended',
  failed: 'Failed (any reason)',
  'In Progress': 'In Progress',
  Generated: 'Generated',
  'No New Results': 'No New Results',
  Failed: 'Failed',
  'Insufficient tokens': 'Insufficient tokens',
  Cancelled: 'Cancelled',
  Skipped: 'Skipped (brand excluded)',
};

export const typeLabels: Record<RunType, string> = { Events: 'Events', Brands: 'Brands', Equipments: 'Models' };

/** What a run generates, in words: "Brands of Construction Equipment / Bulldozers", "Models of Komatsu". */
export function targetText(run: Run): string {
  if (run.type === 'Events') return `Events of ${run.category.name}`;
  if (run.type === 'Brands') return `Brands of ${run.category.name} / ${run.subcategory?.name ?? 'a deleted subcategory'}`;
  return `Models of ${run.brand?.name ?? 'a deleted brand'}`;
}

/** Whether a run waits for its turn: unfinished and not started (the server says `queued`; a run without it is derived). */
export function isQueued(run: Run): boolean {
  return run.finished_at === null && (run.queued || run.started_at === null);
}

/** "42 s", "3 min 5 s", "1 h 2 min" */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
