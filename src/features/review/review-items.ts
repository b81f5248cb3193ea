import type { ReviewItem, ReviewKind, ReviewRun } from '../../../contract/review';
import type { ReviewPages } from '../../api/review';

/** What the screen makes of the queue's pages: its results in order, grouped by the run that stored them. */

export type ItemRef = { kind: ReviewKind; id: number };

/** A result's key in the queue ("brand:12"): ids are per kind. */
export const refOf = (item: ItemRef): string => `${item.kind}:${item.id}`;

/** Every loaded result once, in the server's order, without those `hidden` (decided, waiting for the cache). */
export function loadedItems(data: ReviewPages | undefined, hidden: ReadonlySet<string>): ReviewItem[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages.flatMap((page) =>
    page.items.filter((item) => {
      const ref = refOf(item);
      if (seen.has(ref) || hidden.has(ref)) return false;
      seen.add(ref);
      return true;
    }),
  );
}

export function loadedRuns(data: ReviewPages | undefined): Map<number, ReviewRun> {
  return new Map((data?.pages ?? []).flatMap((page) => page.runs.map((run) => [run.id, run] as const)));
}

export interface RunGroup {
  /** The run's id; null for results no run is known for. */
  runId: number | null;
  run: ReviewRun | undefined;
  items: ReviewItem[];
}

/** The results grouped by run, each run where its first result is, its results in their order. */
export function groupByRun(items: readonly ReviewItem[], runs: ReadonlyMap<number, ReviewRun>): RunGroup[] {
  const groups = new Map<number | null, RunGroup>();
  for (const item of items) {
    let group = groups.get(item.run_id);
    if (!group) {
      group = { runId: item.run_id, run: item.run_id === null ? undefined : runs.get(item.run_id), items: [] };
      groups.set(item.run_id, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/** The results in the order the screen shows them (grouped), for j/k and shift-selection. */
export const shownOrder = (groups: readonly RunGroup[]): ReviewItem[] => groups.flatMap((group) => group.items);

/** The result to go to once `ref` leaves: the next one shown, else the one before, else none. */
export function neighbourOf(order: readonly ReviewItem[], leaving: ReadonlySet<string>): ReviewItem | undefined {
  const first = order.findIndex((item) => leaving.has(refOf(item)));
  if (first < 0) return undefined;
  const after = order.slice(first).find((item) => !leaving.has(refOf(item)));
  return (
    after ??
    order
      .slice(0, first)
      .reverse()
      .find((item) => !leaving.has(refOf(item)))
  );
}

/** The items from `anchor` to `index` (either way), for a shift-click. */
export function rangeOf<T>(order: readonly T[], anchor: number, index: number): T[] {
  return order.slice(Math.min(anchor, index), Math.max(anchor, index) + 1);
}

/** The 2-3 most telling fields of a result, inline; the others go to its detail tip. */
export function splitFields(fields: ReviewItem['fields'], inline = 3) {
  const given = fields.filter((field) => field.value !== null && field.value !== '');
  return { inline: given.slice(0, inline), rest: given.slice(inline) };
}
