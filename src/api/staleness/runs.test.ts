import { describe, expect, it } from 'vitest';
import { realtimeEvents } from '../../../contract/realtime';
import type { Run, RunsAnswer } from '../../../contract/runs';
import { statusNames } from '../../../contract/statuses';
import { applyEffects } from '../cache-effects';
import { keys } from '../keys';
import { applyMutationStaleness, effectsOf } from './index';
import { emptyScreen, testCache } from './test-cache';

const { queryClient, seed, invalid } = testCache();

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
  ...patch,
});

describe('runchanged', () => {
  const effects = (payload: Run) => {
    const outcome = effectsOf(realtimeEvents.runChanged, { run: payload }, emptyScreen(5));
    if (outcome.kind !== 'effects') throw new Error(outcome.kind);
    return applyEffects(queryClient, outcome.effects);
  };

  it('writes the run into the pages that hold it; a page whose filter it leaves or enters is refetched', async () => {
    const all = keys.runs.page({ offset: 0, limit: 50 });
    const active = keys.runs.page({ status: 'active', offset: 0, limit: 50 });
    const cancelledOnes = keys.runs.page({ status: 'Cancelled', offset: 0, limit: 50 });
    const events = keys.runs.page({ type: 'Events', offset: 0, limit: 50 });
    seed(all, { runs: [run(2), run(1)], total: 2 });
    seed(active, { runs: [run(2)], total: 1 });
    seed(cancelledOnes, { runs: [], total: 0 });
    seed(events, { runs: [], total: 0 });

    const ended = run(2, { status: statusNames.cancelled, finished_at: '2026-11-25T00:00:05.000Z' });
    await effects(ended);
    expect(queryClient.getQueryData<RunsAnswer>(all)?.runs.map((r) => r.status)).toEqual([statusNames.cancelled, statusNames.inProgress]);
    expect(invalid(all)).toBe(false); // patched in place, no refetch
    expect(invalid(active)).toBe(true); // it left the page's filter
    expect(invalid(cancelledOnes)).toBe(true); // it entered the page's filter
    expect(invalid(events)).toBe(false); // not a run that page could show
  });

  it('a new run makes the pages it belongs on refetch', async () => {
    const all = keys.runs.page({ offset: 0, limit: 50 });
    seed(all, { runs: [run(1)], total: 1 });
    await effects(run(3, { queued: true, started_at: null }));
    expect(invalid(all)).toBe(true);
  });
});

describe('runs.retry', () => {
  it('links the retried run to its retry in every cached page holding it, without waiting for its runchanged', async () => {
    const failed = keys.runs.page({ status: 'failed', offset: 0, limit: 50 });
    seed(failed, { runs: [run(8, { status: statusNames.failed }), run(7, { status: statusNames.failed })], total: 2 });
    const retry = run(9, { retry_of: 7 });
    await applyMutationStaleness(queryClient, 'runs.retry', {
      sent: 7,
      answer: { run: retry, message: 'The generation was queued again.' },
    });
    const page = queryClient.getQueryData<RunsAnswer>(failed);
    expect(page?.runs.map((r) => [r.id, r.retried_by])).toEqual([
      [8, null],
      [7, 9],
    ]);
  });
});
