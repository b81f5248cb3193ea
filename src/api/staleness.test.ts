import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/api';
import { realtimeEvents } from '../../contract/realtime';
import type { Run, RunsAnswer } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { equipmentRow } from '../test/catalogue-data';
import { keys } from './keys';
import { applyEffects } from './cache-effects';
import { applyMutationStaleness, effectsOf, eventStaleness, mutationStaleness } from './staleness';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
afterEach(() => queryClient.clear());
const seed = (key: QueryKey, data: unknown) => queryClient.setQueryData(key, data);
const invalid = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('the staleness map', () => {
  it('has an entry for every endpoint that changes something, and only those', () => {
    const mutations = allEndpoints.filter((e) => e.method !== 'GET').map((e) => e.name);
    expect(Object.keys(mutationStaleness).sort()).toEqual(mutations.sort());
  });

  it('has an entry for every realtime event of the contract', () => {
    expect(Object.keys(eventStaleness).sort()).toEqual(Object.values(realtimeEvents).sort());
  });
});

describe('equipments.update', () => {
  const saved = { ...equipmentRow(3, 11, 1), model: 'saved' };
  const sent = { previousSubcategoryId: 11 };

  it("puts the server's row in place in every cached list holding it, leaving the other data as it is", async () => {
    const pages = { pages: [{ equipments: [equipmentRow(1, 11, 1)] }, { equipments: [equipmentRow(3, 11, 1)] }], pageParams: [0, 1] };
    const page = { equipments: [equipmentRow(2, 11, 1), equipmentRow(3, 11, 1)], total: 2 };
    const brands = [{ id: 1, name: 'Caterpillar', status: null }];
    seed(keys.equipments.list({ subcategory_id: 11 }), pages);
    seed(keys.equipments.list({ brand_id: 1 }), page);
    seed(keys.equipments.brands(11), brands);
    await applyMutationStaleness(queryClient, 'equipments.update', { sent, answer: saved });

    const patched = queryClient.getQueryData<typeof pages>(keys.equipments.list({ subcategory_id: 11 }));
    expect(patched?.pages[1]?.equipments[0]?.model).toBe('saved');
    expect(patched?.pages[0]).toEqual(pages.pages[0]);
    expect(queryClient.getQueryData<typeof page>(keys.equipments.list({ brand_id: 1 }))?.equipments.map((e) => e.model)).toEqual(['Model 2', 'saved']);
    expect(queryClient.getQueryData(keys.equipments.brands(11))).toEqual(brands);
    // The lists are refetched behind the patched row.
    expect(invalid(keys.equipments.list({ brand_id: 1 }))).toBe(true);
  });

  it('leaves the category tree alone unless the row moved to another subcategory', async () => {
    seed(keys.categories.list(), { categories: [] });
    await applyMutationStaleness(queryClient, 'equipments.update', { sent, answer: saved });
    expect(invalid(keys.categories.list())).toBe(false);
    await applyMutationStaleness(queryClient, 'equipments.update', { sent, answer: { ...saved, subcategory_id: 12 } });
    expect(invalid(keys.categories.list())).toBe(true);
  });
});

describe('the other mutations', () => {
  it('an un-exclusion drops its row at once and refreshes the lists that show exclusions', async () => {
    seed(keys.exclusions.brands(), [{ id: 4 }, { id: 5 }]);
    seed(keys.brands.page(11), { pages: [], pageParams: [] });
    await applyMutationStaleness(queryClient, 'exclusions.unexcludeBrand', { sent: 4, answer: { message: 'ok' } });
    expect(queryClient.getQueryData(keys.exclusions.brands())).toEqual([{ id: 5 }]);
    expect(invalid(keys.brands.page(11))).toBe(true);
  });

  it('an import refreshes the exclusion list of the kind it excluded', async () => {
    const outcome = { excluded: 1, already_excluded: 0, skipped_several: 0, skipped_none: 0, duplicates: 0, message: 'ok', undo: null };
    seed(keys.exclusions.brands(), []);
    seed(keys.exclusions.equipments(), []);
    await applyMutationStaleness(queryClient, 'exclusionImport.apply', { sent: undefined, answer: { ...outcome, kind: 'models' } });
    expect([invalid(keys.exclusions.equipments()), invalid(keys.exclusions.brands())]).toEqual([true, false]);
    await applyMutationStaleness(queryClient, 'exclusionImport.apply', { sent: undefined, answer: { ...outcome, kind: 'brands' } });
    expect(invalid(keys.exclusions.brands())).toBe(true);
  });

  it('many brands excluded at once, announced by subcategory, refresh the brand exclusion list too', async () => {
    seed(keys.exclusions.brands(), []);
    const screen = { userId: 1, visibleSubcategoryIds: new Set<number>(), subcategoryName: () => undefined, subcategoryIdsOf: () => [] };
    const outcome = effectsOf(realtimeEvents.statusesChanged, { subcategory_ids: [11] }, screen);
    if (outcome.kind !== 'effects') throw new Error(outcome.kind);
    await applyEffects(queryClient, outcome.effects);
    expect(invalid(keys.exclusions.brands())).toBe(true);
  });

  it('an undo refreshes both exclusion lists and every list that shows a brand or model excluded, and nothing else', async () => {
    seed(keys.exclusions.brands(), [{ id: 4 }]);
    seed(keys.exclusions.equipments(), [{ id: 7 }]);
    seed(keys.brands.page(11), { pages: [], pageParams: [] });
    seed(keys.equipments.list({ subcategory_id: 11 }), { pages: [], pageParams: [] });
    seed(keys.events.page(2), { pages: [], pageParams: [] });
    await applyMutationStaleness(queryClient, 'exclusionChanges.undo', { sent: 3, answer: { message: 'Undone', restored: 1, skipped: 0 } });
    for (const key of [keys.exclusions.brands(), keys.exclusions.equipments(), keys.brands.page(11), keys.equipments.list({ subcategory_id: 11 })]) {
      expect(invalid(key), JSON.stringify(key)).toBe(true);
    }
    expect(invalid(keys.events.page(2))).toBe(false);
  });

  it('a purchase writes the new balance at once, then asks the server for it', async () => {
    seed(keys.userTokens(), { tokens: 10, held_tokens: 4 });
    await applyMutationStaleness(queryClient, 'tokens.purchase', { sent: undefined, answer: { tokens: 1_010 } });
    expect(queryClient.getQueryData(keys.userTokens())).toEqual({ tokens: 1_010, held_tokens: 4 });
    expect(invalid(keys.userTokens())).toBe(true);
  });

  it('a generate marks its target stale even when it failed (the status may have changed)', async () => {
    seed(keys.events.page(2), { pages: [], pageParams: [] });
    seed(keys.events.page(3), { pages: [], pageParams: [] });
    await applyMutationStaleness(queryClient, 'events.generate', { sent: 2, answer: undefined });
    expect(invalid(keys.events.page(2))).toBe(true);
    expect(invalid(keys.events.page(3))).toBe(false);
    expect(mutationStaleness['events.generate'].when).toBe('settled');
  });
});

describe('runchanged', () => {
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
  const effects = (payload: Run) => {
    const outcome = effectsOf(realtimeEvents.runChanged, { run: payload }, screen);
    if (outcome.kind !== 'effects') throw new Error(outcome.kind);
    return applyEffects(queryClient, outcome.effects);
  };
  const screen = { userId: 5, visibleSubcategoryIds: new Set<number>(), subcategoryName: () => undefined, subcategoryIdsOf: () => [] };

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
