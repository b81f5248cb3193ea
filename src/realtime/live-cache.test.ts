import { QueryClient, QueryObserver, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Brand } from '../../contract/brands';
import type { CategoriesAnswer } from '../../contract/categories';
import { modelTypes, type StatusRecord } from '../../contract/statuses';
import { realtimeEvents } from '../../contract/realtime';
import { keys } from '../api/keys';
import { applyEffects } from '../api/cache-effects';
import { handleRealtimeEvent } from './bindings';
import { resyncEffects } from '../api/staleness';
import { screenContext } from './screen-context';
import { brandRow, equipmentRow, tree } from '../test/catalogue-data';

/**
 * The event -> cache table, run against a real QueryClient: which keys become invalid, which are patched, which
 * are refetched (a subscribed observer stands for a query on screen).
 */

type BrandsPages = InfiniteData<{ brands: Brand[]; total: number }, number>;
const pages = (...brands: Brand[]): BrandsPages => ({ pages: [{ brands, total: brands.length }], pageParams: [0] });

let queryClient: QueryClient;
let fetchBrand: ReturnType<typeof vi.fn<(id: number) => Promise<Brand>>>;
/** Selected: category 1, subcategory 11 (so 11 and 12 are on screen); signed in as user 5. */
let selection = { categoryId: 1 as number | null, subcategoryId: 11 as number | null };

const send = (event: string, payload: unknown) =>
  handleRealtimeEvent(event, payload, {
    queryClient,
    fetchBrand,
    screen: () => screenContext(selection, tree, 5),
  });
const seed = (key: QueryKey, data: unknown) => queryClient.setQueryData(key, data);
const invalid = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;

/** A query "on screen": an observer subscribed to it, counting its fetches. */
function onScreen(key: QueryKey, data: unknown) {
  const fetches = { count: 0 };
  seed(key, data);
  const observer = new QueryObserver(queryClient, {
    queryKey: key,
    queryFn: async () => {
      fetches.count += 1;
      return data;
    },
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => {});
  cleanups.push(unsubscribe);
  return fetches;
}
const cleanups: (() => void)[] = [];

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  fetchBrand = vi.fn<(id: number) => Promise<Brand>>();
  selection = { categoryId: 1, subcategoryId: 11 };
  seed(keys.categories.list(), tree);
});
afterEach(() => {
  cleanups.splice(0).forEach((stop) => stop());
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('changetokens', () => {
  it('patches the balance and the user answer from the payload, without a request', async () => {
    const balance = onScreen(keys.userTokens(), { tokens: 10 });
    seed(keys.user(), { id: 5, email: 'a@b.c', name: 'A', tokens: 10 });
    await send(realtimeEvents.changeTokens, { user: { id: 5, tokens: 4_000 } });
    expect(queryClient.getQueryData(keys.userTokens())).toEqual({ tokens: 4_000 });
    expect(queryClient.getQueryData(keys.user())).toMatchObject({ id: 5, tokens: 4_000 });
    expect(invalid(keys.userTokens())).toBe(false);
    expect(balance.count).toBe(0);
  });

  it('patches what runs under way hold, when the server says', async () => {
    seed(keys.userTokens(), { tokens: 10_000, held_tokens: 0 });
    await send(realtimeEvents.changeTokens, { user: { id: 5, tokens: 10_000, held_tokens: 4_300 } });
    expect(queryClient.getQueryData(keys.userTokens())).toEqual({ tokens: 10_000, held_tokens: 4_300 });
    await send(realtimeEvents.changeTokens, { user: { id: 5, tokens: 9_700, held_tokens: 0 } });
    expect(queryClient.getQueryData(keys.userTokens())).toEqual({ tokens: 9_700, held_tokens: 0 });
  });

  it('fills the balance even before it was fetched', async () => {
    await send(realtimeEvents.changeTokens, { user: { id: 5, tokens: 7 } });
    expect(queryClient.getQueryData(keys.userTokens())).toEqual({ tokens: 7 });
    expect(queryClient.getQueryData(keys.user())).toBeUndefined();
  });

  it("ignores another user's balance and a malformed payload (with a warning)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    seed(keys.userTokens(), { tokens: 10 });
    await send(realtimeEvents.changeTokens, { user: { id: 6, tokens: 1 } });
    await send(realtimeEvents.changeTokens, { user: { id: 5, tokens: 'many' } });
    await send(realtimeEvents.changeTokens, 'not json');
    expect(queryClient.getQueryData(keys.userTokens())).toEqual({ tokens: 10 });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toContain('changetokens');
  });
});

describe('changeanystatus', () => {
  const statusOf = (fields: Partial<StatusRecord>): StatusRecord => ({
    id: 500,
    name: 'In Progress',
    message: 'Queued',
    brand_id: null,
    subcategory_id: null,
    category_id: null,
    model_type: modelTypes.brand,
    brand: null,
    updated_at: '2026-11-24T12:00:00.000Z',
    ...fields,
  });

  it("writes the In Progress count into the header's count, the record into the status records and the category tree, with no request", async () => {
    const older = statusOf({ id: 400, name: 'Generated', subcategory_id: 12 });
    const count = onScreen(keys.statuses.list(), { statuses: [], in_progress: 0 });
    const records = onScreen(keys.statuses.records({ subcategory_id: 11 }), { statuses: [older], in_progress: 0 });
    const header = onScreen(keys.categories.list(), { ...tree, statuses: [older] });
    seed(keys.statuses.equipments(), { statuses: [] });
    seed(keys.brands.page(11), pages(brandRow(1, 11)));
    const status = statusOf({ subcategory_id: 11 });
    await send(realtimeEvents.changeAnyStatus, { status, in_progress: 3 });

    expect(count.count + records.count + header.count).toBe(0);
    expect(invalid(keys.statuses.list()) || invalid(keys.statuses.records({ subcategory_id: 11 })) || invalid(keys.categories.list())).toBe(
      false,
    );
    expect(queryClient.getQueryData(keys.statuses.list())).toEqual({ statuses: [], in_progress: 3 });
    expect(queryClient.getQueryData(keys.statuses.records({ subcategory_id: 11 }))).toEqual({ statuses: [status, older], in_progress: 3 });
    const patched = queryClient.getQueryData<CategoriesAnswer>(keys.categories.list());
    expect(patched?.categories[0]?.subcategories.map((s) => s.status)).toEqual(['In Progress', null]);
    expect(patched?.statuses).toEqual([status, older]);
    // A subcategory's brand generation is not a brand's: neither the equipment statuses nor the brand rows change.
    expect(invalid(keys.statuses.equipments()) || invalid(keys.brands.page(11))).toBe(false);
    expect(fetchBrand).not.toHaveBeenCalled();

    // The run ends: the same record (by id) takes the new name; the count goes down.
    await send(realtimeEvents.changeAnyStatus, { status: { ...status, name: 'Generated' }, in_progress: 2 });
    expect(queryClient.getQueryData(keys.statuses.list())).toEqual({ statuses: [], in_progress: 2 });
    expect(queryClient.getQueryData(keys.statuses.records({ subcategory_id: 11 }))).toEqual({
      statuses: [{ ...status, name: 'Generated' }, older],
      in_progress: 2,
    });
    expect(queryClient.getQueryData<CategoriesAnswer>(keys.categories.list())?.categories[0]?.subcategories[0]?.status).toBe('Generated');
    expect(count.count + records.count + header.count).toBe(0);
  });

  it("writes an events status into its category's status", async () => {
    seed(keys.categories.list(), tree);
    await send(realtimeEvents.changeAnyStatus, { status: statusOf({ category_id: 2, model_type: modelTypes.event }), in_progress: 1 });
    const patched = queryClient.getQueryData<CategoriesAnswer>(keys.categories.list());
    expect(patched?.categories.map((c) => c.status)).toEqual([null, 'In Progress']);
  });

  it('refetches the statuses and the category tree when the event carries no count or no whole record', async () => {
    const statuses = onScreen(keys.statuses.list(), { statuses: [] });
    seed(keys.categories.list(), tree);
    await send(realtimeEvents.changeAnyStatus, { status: statusOf({ subcategory_id: 11 }) });
    expect(statuses.count).toBe(1);
    expect(invalid(keys.categories.list())).toBe(true);

    queryClient.clear();
    const again = onScreen(keys.statuses.list(), { statuses: [] });
    await send(realtimeEvents.changeAnyStatus, { status: { name: 'Generated', brand_id: null }, in_progress: 0 });
    expect(again.count).toBe(1);
  });

  it("writes a brand's equipment status into its rows (pages, detail, scoped categories), with no request", async () => {
    const brandPages = onScreen(keys.brands.page(11), pages(brandRow(1, 11), brandRow(2, 11)));
    const detail = onScreen(keys.brands.detail(1), brandRow(1, 11));
    seed(keys.categories.list({ subcategory_id: 11 }), { ...tree, statuses: [], brands: [brandRow(1, 11)] });
    const equipmentStatuses = onScreen(keys.statuses.equipments({ category_id: 1 }), { statuses: [] });
    const other = pages(brandRow(3, 21));
    seed(keys.brands.page(21), other);
    const queued = statusOf({ id: 600, brand_id: 1, subcategory_id: 11, model_type: modelTypes.equipment });
    await send(realtimeEvents.changeAnyStatus, { status: queued, in_progress: 1 });

    const rowsOf = () => queryClient.getQueryData<BrandsPages>(keys.brands.page(11))?.pages[0]?.brands;
    expect(rowsOf()?.map((b) => b.status?.name ?? null)).toEqual(['In Progress', null]);
    expect(rowsOf()?.[0]?.status).toEqual({ ...queued, brand: { id: 1, name: 'Brand 1' } });
    expect(queryClient.getQueryData<Brand>(keys.brands.detail(1))?.status?.name).toBe('In Progress');
    const scoped = queryClient.getQueryData<{ brands: Brand[] }>(keys.categories.list({ subcategory_id: 11 }));
    expect(scoped?.brands[0]?.status?.name).toBe('In Progress');
    expect(queryClient.getQueryData(keys.brands.page(21))).toBe(other);
    expect(brandPages.count + detail.count).toBe(0);
    expect(fetchBrand).not.toHaveBeenCalled();
    // The equipments screen's per-brand statuses (category scope) still refetch when shown.
    expect(equipmentStatuses.count).toBe(1);

    // The run ends (the same record, newer); then a late copy of the queued one is ignored.
    const ended = { ...queued, name: 'Generated', updated_at: '2026-11-24T12:05:00.000Z' };
    await send(realtimeEvents.changeAnyStatus, { status: ended, in_progress: 0 });
    expect(rowsOf()?.[0]?.status?.name).toBe('Generated');
    await send(realtimeEvents.changeAnyStatus, { status: { ...queued, id: 599 }, in_progress: 0 });
    expect(rowsOf()?.[0]?.status?.name).toBe('Generated');
    expect(brandPages.count + detail.count).toBe(0);
  });

  it("patches the equipments screen's one status per subcategory, refetching only when a running one ends", async () => {
    const scope = { category_id: 1, per_subcategory: 'true' } as const;
    const shown = statusOf({ id: 700, name: 'Generated', brand_id: 3, subcategory_id: 11, model_type: modelTypes.equipment });
    const other = statusOf({ id: 701, name: 'Failed', brand_id: 4, subcategory_id: 12, model_type: modelTypes.equipment });
    const statuses = onScreen(keys.statuses.equipments(scope), { statuses: [shown, other] });
    const shownOf = () => queryClient.getQueryData<{ statuses: StatusRecord[] }>(keys.statuses.equipments(scope))?.statuses;

    // Another brand of subcategory 11 starts: its record shows, with no request.
    const queued = statusOf({ id: 800, brand_id: 1, subcategory_id: 11, model_type: modelTypes.equipment });
    await send(realtimeEvents.changeAnyStatus, { status: queued, in_progress: 1 });
    expect(shownOf()).toEqual([queued, other]);
    // An older brand's record while one runs changes nothing.
    await send(realtimeEvents.changeAnyStatus, { status: { ...shown, updated_at: '2026-11-24T12:10:00.000Z' }, in_progress: 1 });
    expect(shownOf()).toEqual([queued, other]);
    expect(statuses.count).toBe(0);

    // The running one ends: only the server knows whether another brand of 11 still runs.
    await send(realtimeEvents.changeAnyStatus, {
      status: { ...queued, name: 'Generated', updated_at: '2026-11-24T12:20:00.000Z' },
      in_progress: 0,
    });
    expect(statuses.count).toBe(1);
    // A newer record where none runs replaces it, with no request.
    queryClient.setQueryData(keys.statuses.equipments(scope), { statuses: [shown, other] });
    const newer = { ...other, id: 702, brand_id: 5, name: 'Generated', updated_at: '2026-11-24T12:30:00.000Z' };
    await send(realtimeEvents.changeAnyStatus, { status: newer, in_progress: 0 });
    expect(shownOf()).toEqual([shown, newer]);
    expect(statuses.count).toBe(1);
  });

  it("refreshes a brand's row when the brand's status is not a whole record", async () => {
    seed(keys.brands.page(11), pages(brandRow(1, 11)));
    fetchBrand.mockResolvedValue(brandRow(1, 11, { status: null, name: 'Brand 1' }));
    await send(realtimeEvents.changeAnyStatus, { status: { name: 'In Progress', brand_id: 1, subcategory_id: 11 } });
    expect(fetchBrand).toHaveBeenCalledWith(1);
  });
});

describe('updatecategory and updatesubcategory', () => {
  it('a category rename invalidates the categories and the lists that show its name, not the others', async () => {
    const header = onScreen(keys.categories.list(), tree);
    seed(keys.categories.list({ subcategory_id: 21 }), tree);
    seed(keys.brands.page(11, { sort: 'name' }), pages(brandRow(1, 11)));
    seed(keys.brands.page(21), pages(brandRow(2, 21)));
    seed(keys.events.page(1), { events: [], total: 0 });
    seed(keys.events.page(2), { events: [], total: 0 });
    seed(keys.exclusions.brands(), []);
    await send(realtimeEvents.updateCategory, { category_id: 1 });
    expect(header.count).toBe(1);
    expect(invalid(keys.categories.list({ subcategory_id: 21 }))).toBe(true);
    expect(invalid(keys.brands.page(11, { sort: 'name' }))).toBe(true);
    expect(invalid(keys.brands.page(21))).toBe(false);
    expect(invalid(keys.events.page(1))).toBe(true);
    expect(invalid(keys.events.page(2))).toBe(false);
    expect(invalid(keys.exclusions.brands())).toBe(true);
  });

  it("a subcategory rename or move invalidates the categories and that subcategory's lists", async () => {
    seed(keys.brands.page(12), pages());
    seed(keys.brands.page(11), pages(brandRow(1, 11)));
    seed(keys.equipments.list({ subcategory: 'Sub 12' }), { equipments: [] });
    seed(keys.equipments.list({ subcategory: 'Sub 11' }), { equipments: [] });
    seed(keys.statuses.list(), { statuses: [] });
    await send(realtimeEvents.updateSubcategory, { subcategory_id: 12 });
    expect(invalid(keys.categories.list())).toBe(true);
    expect(invalid(keys.brands.page(12))).toBe(true);
    expect(invalid(keys.equipments.list({ subcategory: 'Sub 12' }))).toBe(true);
    expect(invalid(keys.brands.page(11))).toBe(false);
    expect(invalid(keys.equipments.list({ subcategory: 'Sub 11' }))).toBe(false);
    expect(invalid(keys.statuses.list())).toBe(false);
  });
});

describe('updatebrand', () => {
  it('patches the fresh brand into the lists that hold it, keeps their models, and marks them stale without a reload', async () => {
    const ownModels = [equipmentRow(100, 11, 1)];
    const list = onScreen(keys.brands.page(11), pages(brandRow(1, 11, { equipments: ownModels }), brandRow(2, 11)));
    const other = pages(brandRow(3, 21));
    seed(keys.brands.page(21), other);
    seed(keys.exclusions.brands(), []);
    fetchBrand.mockResolvedValue(brandRow(1, 11, { excluded: true, name: 'Renamed', equipments: [equipmentRow(101, 11, 1)] }));

    await send(realtimeEvents.updateBrand, { brand_id: 1 });

    const patched = queryClient.getQueryData<BrandsPages>(keys.brands.page(11))!;
    expect(patched.pages[0]!.brands[0]).toMatchObject({ id: 1, name: 'Renamed', excluded: true, equipments: ownModels });
    expect(patched.pages[0]!.brands[1]!.name).toBe('Brand 2');
    expect(list.count).toBe(0);
    expect(invalid(keys.brands.page(11))).toBe(true);
    expect(queryClient.getQueryData(keys.brands.page(21))).toBe(other);
    expect(invalid(keys.brands.page(21))).toBe(false);
    expect(invalid(keys.exclusions.brands())).toBe(true);
  });

  it('refetches a cached brand detail and uses it instead of a second request', async () => {
    const detail = onScreen(keys.brands.detail(1), { brand: brandRow(1, 11, { name: 'Fresh' }) });
    seed(keys.categories.list({ subcategory_id: 11 }), { ...tree, brands: [brandRow(1, 11)] });
    await send(realtimeEvents.updateBrand, { brand_id: 1 });
    expect(detail.count).toBe(1);
    expect(fetchBrand).not.toHaveBeenCalled();
    expect(queryClient.getQueryData<{ brands: Brand[] }>(keys.categories.list({ subcategory_id: 11 }))!.brands[0]!.name).toBe('Fresh');
  });

  it('invalidates the lists that hold it when the brand cannot be fetched, and asks nothing when none does', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await send(realtimeEvents.updateBrand, { brand_id: 9 });
    expect(fetchBrand).not.toHaveBeenCalled();

    const list = onScreen(keys.brands.page(11), pages(brandRow(1, 11)));
    fetchBrand.mockRejectedValue(new Error('404'));
    await send(realtimeEvents.updateBrand, { brand_id: 1 });
    expect(list.count).toBe(1);
  });

  it("invalidates the equipment screen's brand lists and the models lists of that brand", async () => {
    seed(keys.equipments.brands(11), [{ id: 1, name: 'Brand 1', status: null }]);
    seed(keys.equipments.brands(21), [{ id: 3, name: 'Brand 3', status: null }]);
    seed(keys.equipments.list({ brand_id: 1, limit: 100 }), { equipments: [] });
    seed(keys.equipments.list({ brand_id: 2, limit: 100 }), { equipments: [] });
    await send(realtimeEvents.updateBrand, { brand_id: 1 });
    expect(invalid(keys.equipments.brands(11))).toBe(true);
    expect(invalid(keys.equipments.brands(21))).toBe(false);
    expect(invalid(keys.equipments.list({ brand_id: 1, limit: 100 }))).toBe(true);
    expect(invalid(keys.equipments.list({ brand_id: 2, limit: 100 }))).toBe(false);
  });
});

describe('statuseschanged', () => {
  it('refetches the equipment statuses and the tree when one of the subcategories is on screen', async () => {
    const statuses = onScreen(keys.statuses.equipments(), { statuses: [] });
    const header = onScreen(keys.categories.list(), tree);
    await send(realtimeEvents.statusesChanged, { subcategory_ids: [12, 99] });
    expect(statuses.count).toBe(1);
    expect(header.count).toBe(1);
  });

  it('only marks the equipment statuses stale when none is on screen', async () => {
    const statuses = onScreen(keys.statuses.equipments(), { statuses: [] });
    const header = onScreen(keys.categories.list(), tree);
    await send(realtimeEvents.statusesChanged, { subcategory_ids: [21] });
    expect(invalid(keys.statuses.equipments())).toBe(true);
    expect(statuses.count).toBe(0);
    expect(header.count).toBe(0);

    selection = { categoryId: null, subcategoryId: 21 };
    await send(realtimeEvents.statusesChanged, { subcategory_ids: [21] });
    expect(statuses.count).toBe(1);
  });

  it('invalidates the equipment lists of those subcategories (by id, by name or by their rows) and both exclusion lists', async () => {
    seed(keys.equipments.list({ subcategory: 'Sub 11' }), { equipments: [] });
    seed(keys.equipments.list({ subcategory_id: 11, offset: 0 }), { equipments: [] });
    seed(keys.equipments.list({ brand_id: 1 }), { equipments: [equipmentRow(100, 11, 1)] });
    seed(keys.equipments.list({ subcategory: 'Sub 21' }), { equipments: [] });
    seed(keys.equipments.list({ brand_id: 3 }), { equipments: [equipmentRow(300, 21, 3)] });
    seed(keys.brands.page(11), pages(brandRow(1, 11)));
    seed(keys.exclusions.equipments(), []);
    seed(keys.exclusions.brands(), []);
    await send(realtimeEvents.statusesChanged, { subcategory_ids: [11] });
    expect(invalid(keys.equipments.list({ subcategory: 'Sub 11' }))).toBe(true);
    expect(invalid(keys.equipments.list({ subcategory_id: 11, offset: 0 }))).toBe(true);
    expect(invalid(keys.equipments.list({ brand_id: 1 }))).toBe(true);
    expect(invalid(keys.brands.page(11))).toBe(true);
    expect(invalid(keys.equipments.list({ subcategory: 'Sub 21' }))).toBe(false);
    expect(invalid(keys.equipments.list({ brand_id: 3 }))).toBe(false);
    expect(invalid(keys.exclusions.equipments())).toBe(true);
    // Many brands excluded at once (an import) are announced by subcategory, not brand by brand.
    expect(invalid(keys.exclusions.brands())).toBe(true);
  });
});

describe('updateevents', () => {
  it("invalidates that category's events and the answers that count or embed them", async () => {
    seed(keys.events.page(1, { sort: 'name' }), { events: [], total: 0 });
    seed(keys.events.page(2), { events: [], total: 0 });
    seed(keys.categories.list({ category_id: 1 }), tree);
    seed(keys.categories.list({ subcategory_id: 11 }), tree);
    await send(realtimeEvents.updateEvents, { category_id: 1 });
    expect(invalid(keys.events.page(1, { sort: 'name' }))).toBe(true);
    expect(invalid(keys.categories.list({ category_id: 1 }))).toBe(true);
    expect(invalid(keys.categories.list())).toBe(true);
    expect(invalid(keys.events.page(2))).toBe(false);
    expect(invalid(keys.categories.list({ subcategory_id: 11 }))).toBe(false);
  });
});

describe('after a reconnect', () => {
  it('invalidates every key an event could have touched, and nothing else', async () => {
    const touched = [
      keys.userTokens(),
      keys.user(),
      keys.statuses.list(),
      keys.statuses.equipments(),
      keys.categories.list(),
      keys.categories.withSubcategories(),
      keys.brands.page(11),
      keys.brands.detail(1),
      keys.events.page(1),
      keys.equipments.list({ subcategory: 'Sub 11' }),
      keys.equipments.brands(11),
      keys.exclusions.brands(),
      keys.exclusions.equipments(),
      keys.history.brands(),
      keys.overview(),
    ];
    for (const key of touched) seed(key, {});
    seed(keys.paymentMethods(), {});
    await applyEffects(queryClient, resyncEffects(), { fetchBrand });
    for (const key of touched) expect(invalid(key), JSON.stringify(key)).toBe(true);
    expect(invalid(keys.paymentMethods())).toBe(false);
  });

  it('ignores an event it does not know', async () => {
    seed(keys.statuses.list(), { statuses: [] });
    await send('somethingelse', {});
    expect(invalid(keys.statuses.list())).toBe(false);
  });
});
