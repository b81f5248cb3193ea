import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { realtimeEvents } from '../../../contract/realtime';
import { runMatches, type Run, type RunsAnswer, type RunsFilter } from '../../../contract/runs';
import { statusNames } from '../../../contract/statuses';
import { applyEffects } from '../cache-effects';
import { keys } from '../keys';
import { applyMutationStaleness, effectsOf } from './index';
import { emptyScreen, testCache } from './test-cache';

const { queryClient, seed, invalid } = testCache();

/** A runs list as the runs centre caches it (src/api/runs.ts): an infinite query's pages of 50. */
const paged = (...pages: RunsAnswer[]): InfiniteData<RunsAnswer, number> => ({ pages, pageParams: pages.map((_, i) => i * 50) });
const firstPage = (key: QueryKey) => queryClient.getQueryData<InfiniteData<RunsAnswer, number>>(key)?.pages[0];

const run = (id: number, patch: Partial<Run> = {}): Run => ({
  id,
  type: 'Brands',
  category: { id: 1, name: 'Construction Equipment' },
  subcategory: { id: 11, name: 'Bulldozers' },
  brand: null,
  status: statusNames.inProgress,
  queued: false,
  message: null,
  attempts: 1,
  created_at: '2026-11-25T00:00:00.000Z',
  started_at: '2026-11-25T00:00:01.000Z',
  finished_at: null,
  max_tokens: 4_000,
  charged_tokens: 0,
  items_added: 0,
  retry_of: null,
  retried_by: null,
  items_proposed: 0,
  items_known: 0,
  items_dropped: 0,
  dropped_reasons: [],
  charge_basis: null,
  provider_model: 'demo',
  prompt_version: '0123abcd',
  figures: { proposed: 0, added: 0, skipped_duplicates: 0, dropped_invalid: 0, rejected: 0, accepted: 0, unreviewed: 0 },
  ...patch,
});

describe('runchanged', () => {
  const effects = (payload: Run) => {
    const outcome = effectsOf(realtimeEvents.runChanged, { run: payload }, emptyScreen(5));
    if (outcome.kind !== 'effects') throw new Error(outcome.kind);
    return applyEffects(queryClient, outcome.effects);
  };

  it('writes the run into the pages that hold it; a page whose filter it leaves or enters is refetched', async () => {
    const all = keys.runs.page({});
    const active = keys.runs.page({ status: 'active' });
    const cancelledOnes = keys.runs.page({ status: 'Cancelled' });
    const events = keys.runs.page({ type: 'Events' });
    seed(all, paged({ runs: [run(2), run(1)], total: 2 }));
    seed(active, paged({ runs: [run(2)], total: 1 }));
    seed(cancelledOnes, paged({ runs: [], total: 0 }));
    seed(events, paged({ runs: [], total: 0 }));

    const ended = run(2, { status: statusNames.cancelled, finished_at: '2026-11-25T00:00:05.000Z' });
    await effects(ended);
    expect(firstPage(all)?.runs.map((r) => r.status)).toEqual([statusNames.cancelled, statusNames.inProgress]);
    expect(invalid(all)).toBe(false); // patched in place, no refetch
    expect(invalid(active)).toBe(true); // it left the page's filter
    expect(invalid(cancelledOnes)).toBe(true); // it entered the page's filter
    expect(invalid(events)).toBe(false); // not a run that page could show
  });

  it('writes the run into the loaded page that lists it, leaving the other pages as they were', async () => {
    const all = keys.runs.page({});
    const first = { runs: [run(60), run(59)], total: 4 };
    seed(all, paged(first, { runs: [run(2), run(1)], total: 4 }));
    await effects(run(2, { status: statusNames.cancelled, finished_at: '2026-11-25T00:00:05.000Z' }));
    const cached = queryClient.getQueryData<InfiniteData<RunsAnswer, number>>(all);
    expect(cached?.pages[0]).toBe(first);
    expect(cached?.pages[1]?.runs.map((r) => [r.id, r.status])).toEqual([
      [2, statusNames.cancelled],
      [1, statusNames.inProgress],
    ]);
    expect(cached?.pageParams).toEqual([0, 50]);
    expect(invalid(all)).toBe(false);
  });

  it('an event about a run no cached list holds writes nothing', async () => {
    const all = keys.runs.page({ type: 'Events' });
    const before = paged({ runs: [run(1, { type: 'Events' })], total: 1 });
    seed(all, before);
    await effects(run(7));
    expect(queryClient.getQueryData(all)).toBe(before);
    expect(invalid(all)).toBe(false);
  });

  it('a new run makes the pages it belongs on refetch', async () => {
    const all = keys.runs.page({});
    seed(all, paged({ runs: [run(1)], total: 1 }));
    await effects(run(3, { queued: true, started_at: null }));
    expect(invalid(all)).toBe(true);
  });
});

describe('runchanged under every filter', () => {
  const apply = (payload: Run) => {
    const outcome = effectsOf(realtimeEvents.runChanged, { run: payload }, emptyScreen(5));
    if (outcome.kind !== 'effects') throw new Error(outcome.kind);
    return applyEffects(queryClient, outcome.effects);
  };
  const page = (filter: Partial<RunsFilter>) => keys.runs.page(filter);
  const working = run(2);
  const queued = run(4, { queued: true, started_at: null });
  const cancelled = run(2, { status: statusNames.cancelled, finished_at: '2026-11-25T00:00:05.000Z' });
  const generated = run(2, { status: statusNames.generated, finished_at: '2026-11-25T00:00:05.000Z', items_added: 6 });
  const retry = run(9, { queued: true, started_at: null, retry_of: 2 });

  // [what happened, the run before (null: a new run), the run after, the filter, refetched?]
  const cases: [string, Run | null, Run, Partial<RunsFilter>, boolean][] = [
    ['a cancel', working, cancelled, { status: 'Cancelled' }, true],
    ['a cancel', working, cancelled, { status: 'Cancelled', type: 'Brands' }, true],
    ['a cancel', working, cancelled, { status: 'Cancelled', type: 'Events' }, false],
    ['a cancel', working, cancelled, { status: 'finished' }, true],
    ['a cancel', working, cancelled, { status: 'active' }, true],
    ['a cancel', working, cancelled, { status: 'In Progress' }, true],
    ['a cancel', working, cancelled, { status: 'failed' }, false],
    ['a cancel', working, cancelled, { status: 'Generated' }, false],
    ['a cancel', working, cancelled, {}, false],
    ['a cancel', working, cancelled, { type: 'Brands' }, false],
    ['an end', working, generated, { status: 'Generated' }, true],
    ['an end', working, generated, { status: 'Generated', type: 'Brands' }, true],
    ['an end', working, generated, { status: 'In Progress' }, true],
    ['an end', working, generated, { status: 'finished' }, true],
    ['an end', working, generated, { status: 'No New Results' }, false],
    ['a retry', null, retry, { status: 'active' }, true],
    ['a retry', null, retry, { status: 'In Progress', type: 'Brands' }, true],
    ['a retry', null, retry, {}, true],
    ['a retry', null, retry, { status: 'Cancelled' }, false],
    ['a queued run', null, queued, { type: 'Brands' }, true],
    ['a queued run', null, queued, { type: 'Equipments' }, false],
  ];

  it.each(cases)('%s: a list filtered %j refetches when the run enters or leaves it (%j)', async (_, before, after, filter, refetched) => {
    const key = page(filter);
    const holdsBefore = before !== null && runMatches(before, filter);
    seed(key, paged({ runs: holdsBefore ? [before] : [], total: holdsBefore ? 1 : 0 }));
    await apply(after);
    expect(invalid(key)).toBe(refetched);
    // A list that held the run shows it as it is now, until its refetch places it again.
    if (holdsBefore) expect(firstPage(key)?.runs[0]).toEqual(after);
  });

  it("a later event about another run does not clear a hidden list's pending refetch", async () => {
    const cancelledOnes = page({ status: 'Cancelled' });
    const all = page({});
    seed(cancelledOnes, paged({ runs: [], total: 0 }));
    seed(all, paged({ runs: [run(5), working], total: 2 }));
    await apply(cancelled);
    expect(invalid(cancelledOnes)).toBe(true);
    // Run 5 starts working: nothing about the Cancelled list, which still has to fetch the cancelled run 2.
    await apply(run(5, { queued: false }));
    expect(invalid(cancelledOnes)).toBe(true);
    expect(firstPage(cancelledOnes)).toEqual({ runs: [], total: 0 });
  });

  it('a cancel answered to this browser and then told by its event leaves the Cancelled list to refetch', async () => {
    const cancelledOnes = page({ status: 'Cancelled' });
    seed(cancelledOnes, paged({ runs: [], total: 0 }));
    await applyMutationStaleness(queryClient, 'runs.cancel', {
      sent: 2,
      answer: { run: cancelled, message: 'The generation was cancelled. Nothing was charged.' },
    });
    await apply(cancelled);
    expect(invalid(cancelledOnes)).toBe(true);
  });
});

describe('runs.retry', () => {
  it('links the retried run to its retry in every cached page holding it, without waiting for its runchanged', async () => {
    const failed = keys.runs.page({ status: 'failed' });
    seed(failed, paged({ runs: [run(8, { status: statusNames.failed }), run(7, { status: statusNames.failed })], total: 2 }));
    const retry = run(9, { retry_of: 7 });
    await applyMutationStaleness(queryClient, 'runs.retry', {
      sent: 7,
      answer: { run: retry, message: 'The generation was queued again.' },
    });
    const page = firstPage(failed);
    expect(page?.runs.map((r) => [r.id, r.retried_by])).toEqual([
      [8, null],
      [7, 9],
    ]);
  });
});
