import { afterEach, describe, expect, it } from 'vitest';
import type { Run } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { useToastStore } from '../ui/toast-store';
import { awaitRunEnds, runEndText, runsEndText, tellRunEnd } from './run-ends';

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
  provider_model: 'gpt-4o-mini',
  prompt_version: '0123abcd',
  figures: { proposed: 6, added: 6, skipped_duplicates: 0, dropped_invalid: 0, rejected: 0, accepted: 0, unreviewed: 0 },
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
    [run({ status: statusNames.noNewResults, items_added: 0 }), 'success: No new results for Bulldozers.'],
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
    awaitRunEnds([1]);
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

describe('the ends of one call’s runs, in words', () => {
  const mixing = { subcategory: { id: 12, name: 'Mixing Consoles' } };
  const ofBrand = (id: number, patch: Partial<Run>) => run({ ...models, ...mixing, id, brand: { id, name: `Maker ${id}` }, ...patch });
  const text = (runs: Run[]) => {
    const told = runsEndText(runs);
    return told && `${told.kind}: ${told.text}`;
  };

  it('one run in its own words; several in one summary naming the subcategory once', () => {
    expect(text([ofBrand(1, {})])).toBe('success: Generated 6 new models for Maker 1.');
    expect(text([ofBrand(1, {}), ofBrand(2, { items_added: 3 })])).toBe('success: Generated 9 new models for 2 brands of Mixing Consoles.');
    expect(
      text([
        ofBrand(1, { status: statusNames.noNewResults, items_added: 0 }),
        ofBrand(2, { status: statusNames.noNewResults, items_added: 0 }),
      ]),
    ).toBe('success: No new results for 2 brands of Mixing Consoles.');
    expect(
      text([
        ofBrand(1, { items_added: 1 }),
        ofBrand(2, { status: statusNames.noNewResults, items_added: 0 }),
        ofBrand(3, { status: statusNames.failed, items_added: 0 }),
        ofBrand(4, { status: statusNames.insufficientTokens, items_added: 0 }),
        ofBrand(5, { status: statusNames.cancelled, items_added: 0 }),
      ]),
    ).toBe(
      'error: Generated 1 new model for 1 brand of Mixing Consoles. No new results for 1 brand. Failed to generate models for 2 brands (1 for insufficient tokens).',
    );
    expect(text([ofBrand(1, { status: statusNames.insufficientTokens }), ofBrand(2, { status: statusNames.insufficientTokens })])).toBe(
      'error: Failed to generate models for 2 brands of Mixing Consoles: insufficient tokens.',
    );
    expect(text([ofBrand(1, { status: statusNames.cancelled }), ofBrand(2, { status: statusNames.skipped })])).toBeNull();
  });

  it('tells a call’s runs once, when the last has ended, closing the toast of its start; a run ended before the answer counts', () => {
    tellRunEnd({ run: ofBrand(31, { items_added: 2 }) });
    expect(shown()).toEqual([]);
    useToastStore.getState().push('success', 'Generating models for 3 brands of Mixing Consoles.');
    awaitRunEnds([31, 32, 33]);
    tellRunEnd({ run: ofBrand(32, { finished_at: null, status: statusNames.inProgress }) });
    tellRunEnd({ run: ofBrand(32, {}) });
    tellRunEnd({ run: ofBrand(32, {}) });
    expect(shown()).toEqual(['success: Generating models for 3 brands of Mixing Consoles.']);
    tellRunEnd({ run: ofBrand(33, { items_added: 1 }) });
    tellRunEnd({ run: ofBrand(33, { items_added: 1 }) });
    expect(shown()).toEqual(['success: Generated 9 new models for 3 brands of Mixing Consoles.']);
    expect(useToastStore.getState().toasts.filter((t) => t.text.startsWith('Generated'))).toHaveLength(1);
  });

  it('a call whose runs all ended before its answer is told at once', () => {
    tellRunEnd({ run: ofBrand(41, { status: statusNames.noNewResults, items_added: 0 }) });
    awaitRunEnds([41]);
    expect(shown()).toEqual(['success: No new results for Maker 41.']);
  });
});
