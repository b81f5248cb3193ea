import { afterEach, describe, expect, it } from 'vitest';
import type { Run } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { useToastStore } from '../ui/toast-store';
import { awaitRunEnd, runEndText, tellRunEnd } from './run-ends';

const run = (patch: Partial<Run>): Run => ({
  id: 1,
  type: 'Brands',
  category: { id: 1, name: 'Construction Equipment' },
  subcategory: { id: 11, name: 'Bulldozers' },
  brand: null,
  status: statusNames.generated,
  queued: false,
  message: null,
  attempts: 1,
  created_at: '2026-11-25T00:00:00.000Z',
  started_at: '2026-11-25T00:00:01.000Z',
  finished_at: '2026-11-25T00:00:05.000Z',
  max_tokens: 4_000,
  charged_tokens: 420,
  items_added: 6,
  retry_of: null,
  retried_by: null,
  items_proposed: 6,
  items_known: 0,
  items_dropped: 0,
  dropped_reasons: [],
  charge_basis: 'reported',
  ...patch,
});
const models = { type: 'Equipments' as const, brand: { id: 7, name: 'Yamaha' } };
const shown = () =>
  useToastStore
    .getState()
    .toasts.filter((t) => t.open)
    .map((t) => `${t.kind}: ${t.text}`);

afterEach(() => useToastStore.getState().clear());

describe('a run end, in words', () => {
  it.each([
    [run({}), 'success: Generated 6 new brands for Bulldozers.'],
    [run({ items_added: 1 }), 'success: Generated 1 new brand for Bulldozers.'],
    [run({ ...models }), 'success: Generated 6 new models for Yamaha.'],
    [run({ status: statusNames.noNewResults, items_added: 0 }), 'success: Nothing new was found for Bulldozers.'],
    [run({ ...models, status: statusNames.failed }), 'error: Failed to generate models for Yamaha.'],
    [run({ status: statusNames.insufficientTokens }), 'error: Failed to generate brands for Bulldozers: insufficient tokens.'],
  ])('%#', (ended, text) => {
    const told = runEndText(ended);
    expect(told && `${told.kind}: ${told.text}`).toBe(text);
  });

  it('says nothing of a cancel (its own toast did) or of events (their answer did)', () => {
    expect(runEndText(run({ status: statusNames.cancelled }))).toBeNull();
    expect(runEndText(run({ type: 'Events', subcategory: null }))).toBeNull();
  });
});

describe('tellRunEnd', () => {
  it('tells the end of an awaited run once, closing the toast of its start', () => {
    useToastStore.getState().push('success', 'Generating brands for Bulldozers.');
    awaitRunEnd({ type: 'Brands', subcategoryId: 11 });
    tellRunEnd({ run: run({ finished_at: null, status: statusNames.inProgress }) });
    expect(shown()).toEqual(['success: Generating brands for Bulldozers.']);
    tellRunEnd({ run: run({}) });
    tellRunEnd({ run: run({}) });
    expect(shown()).toEqual(['success: Generated 6 new brands for Bulldozers.']);
    expect(useToastStore.getState().toasts.filter((t) => t.text.startsWith('Generated'))).toHaveLength(1);
  });

  it('says nothing of a run this browser does not wait for', () => {
    tellRunEnd({ run: run({ ...models }) });
    expect(shown()).toEqual([]);
  });
});
