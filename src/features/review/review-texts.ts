import type { ReviewKind } from '../../../contract/review';
import { formatCount } from '../../ui/data-table/format';

/** The review queue's texts (docs/product.md#review-queue; the glossary's "result", "run", "AI model"). */
export const reviewTexts = {
  title: 'Review',
  day: (decided: number, left: number) => `Decided today: ${formatCount(decided)} · Left: ${formatCount(left)}`,
  empty: 'Nothing to review. New results from runs appear here.',
  noMatch: 'No new results match these filters.',
  fetchFailed: 'Failed to load the review queue. Please try again.',
  loading: 'Loading the review queue',
  caption: 'New results, grouped by the run that stored them',
  count: (total: number) => `${formatCount(total)} new ${total === 1 ? 'result' : 'results'}`,
  acceptRest: 'Accept the rest of this run',
  accept: 'Accept',
  edit: 'Edit',
  reject: 'Reject…',
  accepted: 'Accepted',
  decideFailed: 'The decision could not be saved. Please try again.',
  likelyDuplicate: (name: string, score: number) => `Likely duplicate of ${name} (${score.toFixed(2)})`,
  rejectAsDuplicate: (name: string) => `Reject as duplicate of ${name}`,
  runChip: (id: number) => `Run #${id}`,
  removeRun: (id: number) => `Show every run, not only run #${id}`,
  selected: (n: number) => `${formatCount(n)} selected`,
  acceptSelected: 'Accept selected',
  rejectSelected: 'Reject selected…',
  acceptMatching: (n: number) => `Accept all ${formatCount(n)} matching`,
  rejectMatching: (n: number) => `Reject all ${formatCount(n)} matching…`,
  confirmAccept: (n: number) => `Accept ${formatCount(n)} results?`,
  confirmAcceptDescription: 'Every new result these filters match is accepted, as one change you can undo.',
  loadMore: 'Load more',
  keysTitle: 'Keys',
  keys: 'j / k next and previous result · a accept · e edit (models) · r reject · u undo the last decision',
} as const;

export const kindLabels: Record<ReviewKind, string> = { event: 'Event', brand: 'Brand', equipment: 'Model' };
export const kindFilterLabels: Record<ReviewKind, string> = { event: 'Events', brand: 'Brands', equipment: 'Models' };
export const orderLabels = { oldest: 'Oldest first', duplicate: 'Likely duplicates first' } as const;

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "3 hours ago", "yesterday", "just now": when a run was, beside its exact time in a tip. */
export function relativeTime(iso: string, now: number): string {
  const elapsed = new Date(iso).getTime() - now;
  if (Number.isNaN(elapsed)) return iso;
  for (const [unit, size] of units) {
    if (Math.abs(elapsed) >= size) return relative.format(Math.round(elapsed / size), unit);
  }
  return 'just now';
}
