import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { realtimeEvents } from '../../../contract/realtime';
import type { ReviewChangedPayload, ReviewItem, ReviewItemsAnswer, ReviewRun, ReviewSummaryAnswer } from '../../../contract/review';
import { applyEffects } from '../cache-effects';
import { keys } from '../keys';
import { applyMutationStaleness, effectsOf } from './index';
import type { ReviewDecision } from './review';
import { emptyScreen, testCache } from './test-cache';

const reviewKeys = keys.review;

const { queryClient, seed, invalid } = testCache();

const item = (kind: ReviewItem['kind'], id: number, runId: number | null = 7): ReviewItem => ({
  kind,
  id,
  run_id: runId,
  name: `${kind} ${id}`,
  category: { id: 1, name: 'Construction Equipment' },
  subcategory: { id: 11, name: 'Excavators' },
  brand: null,
  fields: [],
  likely_duplicate: null,
  created_at: '2026-11-28T08:00:00.000Z',
});
const run = (id: number): ReviewRun => ({
  id,
  type: 'Brands',
  target: 'Excavators',
  created_at: '2026-11-28T08:00:00.000Z',
  provider_model: 'gpt-test',
  prompt_version: 'v1',
  charged_tokens: 100,
  operator: null,
  figures: { proposed: 5, added: 4, skipped_duplicates: 1, dropped_invalid: 0, accepted: 0, rejected: 0, unreviewed: 0 },
});
const page = (items: ReviewItem[], total: number, next: string | null = null): ReviewItemsAnswer => ({
  items,
  runs: [run(7)],
  total,
  next_cursor: next,
});
const paged = (...pages: ReviewItemsAnswer[]): InfiniteData<ReviewItemsAnswer, string | null> => ({
  pages,
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
});
const summary = (total: number): ReviewSummaryAnswer => ({
  unreviewed: { total, event: 0, brand: total, equipment: 0 },
  today: { decided: 2, left: total },
});
const counts = (total: number) => summary(total).unreviewed;
const payload = (patch: Partial<ReviewChangedPayload>): ReviewChangedPayload => ({
  unreviewed: counts(3),
  decided: [],
  decided_all: false,
  added_by_run: null,
  ...patch,
});
const pagesOf = (key: readonly unknown[]) => queryClient.getQueryData<InfiniteData<ReviewItemsAnswer>>(key)?.pages;

async function receive(event: ReviewChangedPayload) {
  const outcome = effectsOf(realtimeEvents.reviewChanged, event, emptyScreen(5));
  if (outcome.kind !== 'effects') throw new Error(outcome.kind);
  await applyEffects(queryClient, outcome.effects);
}

describe('reviewchanged', () => {
  it("writes the navigation's count and takes the decided results out of every loaded page, without a refetch", async () => {
    const all = reviewKeys.items({ order: 'oldest' });
    const brandsOnly = reviewKeys.items({ kind: 'brand', order: 'oldest' });
    seed(reviewKeys.summary(), summary(5));
    seed(all, paged(page([item('brand', 1), item('event', 1)], 5, 'c1'), page([item('brand', 2)], 5)));
    seed(brandsOnly, paged(page([item('brand', 1), item('brand', 2)], 2)));

    await receive(payload({ decided: [{ kind: 'brand', ids: [1, 2] }] }));

    expect(queryClient.getQueryData<ReviewSummaryAnswer>(reviewKeys.summary())).toEqual({
      unreviewed: counts(3),
      today: { decided: 2, left: 3 },
    });
    expect(pagesOf(all)?.map((p) => p.items.map((i) => `${i.kind}:${i.id}`))).toEqual([['event:1'], []]);
    expect(pagesOf(all)?.map((p) => p.total)).toEqual([3, 3]);
    expect(pagesOf(brandsOnly)?.[0]?.items).toEqual([]);
    // An event of the same id is another result: it stays.
    expect(invalid(all)).toBe(false);
    expect(invalid(reviewKeys.summary())).toBe(false);
  });

  it('refetches the queue when the decision was too big to list, a run added results, or an undo put some back', async () => {
    for (const change of [{ decided_all: true }, { added_by_run: 9 }, {}] as const) {
      const key = reviewKeys.items({ order: 'oldest' });
      seed(key, paged(page([item('brand', 1)], 1)));
      await receive(payload(change));
      expect(invalid(key), JSON.stringify(change)).toBe(true);
      expect(pagesOf(key)?.[0]?.items).toHaveLength(1);
    }
  });

  it('leaves a page that holds none of the decided results as it is', async () => {
    const key = reviewKeys.items({ order: 'oldest' });
    const before = paged(page([item('brand', 1)], 1));
    seed(key, before);
    await receive(payload({ decided: [{ kind: 'equipment', ids: [1] }] }));
    expect(queryClient.getQueryData(key)).toBe(before);
  });
});

describe('review.decide', () => {
  it('takes picked results out of the pages and counts them on their run; asks the summary and the grids again', async () => {
    const key = reviewKeys.items({ order: 'oldest' });
    seed(key, paged(page([item('brand', 1), item('brand', 2)], 2)));
    seed(reviewKeys.summary(), summary(2));
    seed(keys.brands.page(11), { brands: [] });
    await applyMutationStaleness(queryClient, 'review.decide', {
      sent: { body: { decision: 'reject', reason: 'not_real', selection: { items: [{ kind: 'brand', id: 1 }] } }, decidedPerRun: { 7: 1 } },
      answer: { message: 'Rejected brand 1.', undo: { change_id: 4 }, decided: 1, skipped: 0 },
    });
    const [first] = pagesOf(key) ?? [];
    expect(first?.items.map((i) => i.id)).toEqual([2]);
    expect(first?.total).toBe(1);
    expect(first?.runs[0]?.figures).toMatchObject({ rejected: 1, accepted: 0 });
    expect(invalid(key)).toBe(false);
    expect(invalid(reviewKeys.summary())).toBe(true);
    expect(invalid(keys.brands.page(11))).toBe(true);
  });

  it('counts the decision on its run when the event took the result out first', async () => {
    const key = reviewKeys.items({ order: 'oldest' });
    seed(key, paged(page([item('brand', 2)], 1)));
    await applyMutationStaleness(queryClient, 'review.decide', {
      sent: { body: { decision: 'accept', selection: { items: [{ kind: 'brand', id: 1 }] } }, decidedPerRun: { 7: 1 } },
      answer: { message: 'Accepted brand 1.', undo: { change_id: 5 }, decided: 1, skipped: 0 },
    });
    const [first] = pagesOf(key) ?? [];
    expect(first?.items.map((i) => i.id)).toEqual([2]);
    expect(first?.total).toBe(1);
    expect(first?.runs[0]?.figures).toMatchObject({ accepted: 1, rejected: 0 });
  });

  it('refetches the queue after a decision by filter, or one that skipped results decided meanwhile', async () => {
    const key = reviewKeys.items({ order: 'oldest' });
    const decisions: [ReviewDecision['selection'], number][] = [
      [{ filter: { run_id: 7 } }, 0],
      [{ items: [{ kind: 'brand', id: 1 }] }, 1],
    ];
    for (const [selection, skipped] of decisions) {
      seed(key, paged(page([item('brand', 1)], 1)));
      await applyMutationStaleness(queryClient, 'review.decide', {
        sent: { body: { decision: 'accept', selection }, decidedPerRun: {} },
        answer: { message: 'Accepted.', undo: null, decided: 1 - skipped, skipped },
      });
      expect(invalid(key)).toBe(true);
    }
  });
});

describe('exclusionChanges.undo', () => {
  it('refetches the queue (a decision undone puts its results back) besides the exclusions', async () => {
    const key = reviewKeys.items({ order: 'oldest' });
    seed(key, paged(page([], 0)));
    seed(keys.exclusions.brands(), []);
    await applyMutationStaleness(queryClient, 'exclusionChanges.undo', {
      sent: 4,
      answer: { message: 'Undone.', restored: 1, skipped: 0 },
    });
    expect(invalid(key)).toBe(true);
    expect(invalid(keys.exclusions.brands())).toBe(true);
  });
});
