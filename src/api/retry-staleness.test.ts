import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Run, RunsAnswer } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { keys } from './keys';
import { applyMutationStaleness } from './staleness';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
afterEach(() => queryClient.clear());

const run = (id: number, patch: Partial<Run> = {}): Run => ({
  id,
  type: 'Brands',
  category: { id: 1, name: 'Construction Equipment' },
  subcategory: { id: 11, name: 'Bulldozers' },
  brand: null,
  status: statusNames.failed,
  queued: false,
  message: null,
  attempts: 1,
  created_at: '2026-11-25T00:00:00.000Z',
  started_at: '2026-11-25T00:00:01.000Z',
  finished_at: '2026-11-25T00:00:02.000Z',
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

describe('runs.retry', () => {
  it('links the retried run to its retry in every cached page holding it, without waiting for its runchanged', async () => {
    const failed = keys.runs.page({ status: 'failed', offset: 0, limit: 50 });
    queryClient.setQueryData<RunsAnswer>(failed, { runs: [run(8), run(7)], total: 2 });
    const retry = run(9, { status: statusNames.inProgress, finished_at: null, retry_of: 7 });
    await applyMutationStaleness(queryClient, 'runs.retry', { sent: 7, answer: { run: retry, message: 'The generation was queued again.' } });
    const page = queryClient.getQueryData<RunsAnswer>(failed);
    expect(page?.runs.map((r) => [r.id, r.retried_by])).toEqual([
      [8, null],
      [7, 9],
    ]);
  });
});
