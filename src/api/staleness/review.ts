import type { InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UndoAnswer } from '../../../contract/exclusion-changes';
import { channels, realtimeEvents } from '../../../contract/realtime';
import {
  reviewChangedPayload,
  type reviewDecisionBody,
  type ReviewChangedPayload,
  type ReviewDecisionAnswer,
  type ReviewItemsAnswer,
  type ReviewKind,
  type ReviewSummaryAnswer,
} from '../../../contract/review';
import { invalidateKey, type CacheEffect } from '../cache-effects';
import { keys } from '../keys';
import { bind, onSuccess, type MutationEntries } from './entry';
import { exclusionMutations } from './exclusions';

/**
 * The review queue (docs/decisions/0025-review-of-generated-items.md): its pages, the summary the navigation counts
 * from, and what a decision or another operator's decision does to them.
 */

const reviewKeys = keys.review;

type QueuePages = InfiniteData<ReviewItemsAnswer, string | null>;
type ItemRef = { kind: ReviewKind; id: number };

const isQueuePages = (data: unknown): data is QueuePages =>
  typeof data === 'object' && data !== null && Array.isArray((data as QueuePages).pages);

const refKey = (ref: ItemRef) => `${ref.kind}:${ref.id}`;

/** The queue's pages without the given items (their total less the ones found); the same object (===) when none is held. */
export function withoutItems(data: unknown, refs: readonly ItemRef[]) {
  if (!isQueuePages(data) || refs.length === 0) return data;
  const gone = new Set(refs.map(refKey));
  let removed = 0;
  const pages = data.pages.map((page) => {
    const items = page.items.filter((item) => !gone.has(refKey(item)));
    removed += page.items.length - items.length;
    return items.length === page.items.length ? page : { ...page, items };
  });
  if (removed === 0) return data;
  return { ...data, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - removed) })) };
}

type Figure = 'accepted' | 'rejected';

/** The queue's pages with `decided` (per run id) more accepted or rejected, and as many fewer new, results on their runs' figures. */
export function withDecidedCounted(data: unknown, decided: Readonly<Record<number, number>>, figure: Figure) {
  if (!isQueuePages(data)) return data;
  const counted = (run: ReviewItemsAnswer['runs'][number]) => {
    const count = decided[run.id] ?? 0;
    if (count === 0) return run;
    const unreviewed = Math.max(0, run.figures.unreviewed - count);
    return { ...run, figures: { ...run.figures, [figure]: run.figures[figure] + count, unreviewed } };
  };
  const pages = data.pages.map((page) => {
    const runs = page.runs.map(counted);
    return runs.every((run, i) => run === page.runs[i]) ? page : { ...page, runs };
  });
  return pages.every((page, i) => page === data.pages[i]) ? data : { ...data, pages };
}

const decidedRefs = (payload: ReviewChangedPayload): ItemRef[] =>
  payload.decided.flatMap(({ kind, ids }) => ids.map((id) => ({ kind, id })));

/**
 * The summary's counts as the event tells them: what is left is every unreviewed result (as GET /api/review/summary
 * counts it); what the reviewer decided today changes only by their own decisions.
 */
const patchSummary = (unreviewed: ReviewSummaryAnswer['unreviewed']): CacheEffect => ({
  kind: 'patch',
  queryKey: reviewKeys.summary(),
  update: (old) => {
    if (!old || typeof old !== 'object') return old;
    const summary = old as ReviewSummaryAnswer;
    return { ...summary, unreviewed, today: { ...summary.today, left: unreviewed.total } };
  },
});

/**
 * `reviewchanged`: the navigation's count is written from the payload; listed decided items leave every cached
 * queue page; a decision too big to list, a run's new items, or a change that names no item (an undo) refetches the
 * queue on screen.
 */
export function reviewChangedEffects(payload: ReviewChangedPayload): CacheEffect[] {
  const refs = decidedRefs(payload);
  const refetch = payload.decided_all || payload.added_by_run !== null || refs.length === 0;
  return [
    patchSummary(payload.unreviewed),
    refetch ? invalidateKey(reviewKeys.lists) : { kind: 'patchAll', queryKey: reviewKeys.lists, update: (old) => withoutItems(old, refs) },
  ];
}

export const reviewEvents = {
  [realtimeEvents.reviewChanged]: bind({ channel: channels.review, schema: reviewChangedPayload, effects: reviewChangedEffects }),
} as const;

/** A decision as the SPA sends it (ids as numbers). */
export type ReviewDecision = z.output<typeof reviewDecisionBody>;

/**
 * A decision with what the screen knew of it: how many of its picked results each run held (their runs' figures are
 * counted at the answer, whether the results already left the cache by the event or not).
 */
export interface ReviewDecisionSent {
  body: ReviewDecision;
  decidedPerRun: Readonly<Record<number, number>>;
}

/** What a decision changes besides the queue: the grids' review marks, the exclusions a rejection made, the runs' figures. */
const catalogueOfDecisions = (): CacheEffect[] =>
  [keys.brands.all, keys.events.all, keys.equipments.all, keys.exclusions.all, keys.categories.all, keys.runs.all, keys.history.all].map(
    (key) => invalidateKey(key),
  );

/**
 * A decision: picked results leave the cached pages at once and are counted on their runs; a filter's decision (or
 * one that skipped results decided meanwhile) refetches them. The summary is asked again (the reviewer's day changed).
 */
export function decisionEffects({ body, decidedPerRun }: ReviewDecisionSent, answer: ReviewDecisionAnswer): CacheEffect[] {
  const picked = 'items' in body.selection ? body.selection.items : null;
  const figure: Figure = body.decision === 'accept' ? 'accepted' : 'rejected';
  const queue: CacheEffect =
    picked && answer.skipped === 0
      ? {
          kind: 'patchAll',
          queryKey: reviewKeys.lists,
          update: (old) => withDecidedCounted(withoutItems(old, picked), decidedPerRun, figure),
        }
      : invalidateKey(reviewKeys.lists);
  return [queue, invalidateKey(reviewKeys.summary()), ...catalogueOfDecisions()];
}

export const reviewMutations = {
  'review.decide': onSuccess<ReviewDecisionSent, ReviewDecisionAnswer>(({ sent, answer }) => decisionEffects(sent, answer)),
  // An undo may put decided items back in the queue: the exclusions' effects, and the queue's.
  'exclusionChanges.undo': onSuccess<number, UndoAnswer>((outcome) => [
    ...exclusionMutations['exclusionChanges.undo'].effects(outcome as never),
    invalidateKey(reviewKeys.all),
  ]),
} satisfies MutationEntries;
