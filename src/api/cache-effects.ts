import type { InvalidateQueryFilters, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { brand as brandSchema, brandAnswer, type Brand } from '../../contract/brands';
import { fetchBrand } from './brand-detail';
import { isUnder, keys } from './keys';
import { mapRows, rowsOf } from './cache-rows';

/** What a change does to the query cache: the staleness map (staleness/) says which, applyEffects does it. */
export type CacheEffect =
  /** Mark stale; refetch those on screen (or none, with `refetchType: 'none'`). */
  | { kind: 'invalidate'; filters: InvalidateQueryFilters }
  /** Write data the change carries into a cached answer (`update` answers the old value when it changes nothing). */
  | { kind: 'patch'; queryKey: QueryKey; update: (old: unknown) => unknown }
  /** The same for every cached answer under a key prefix. */
  | { kind: 'patchAll'; queryKey: QueryKey; update: (old: unknown) => unknown }
  /** Refetch one brand (its cached detail, whether shown or not) and patch its row into every cached list holding it. */
  | { kind: 'refreshBrand'; brandId: number };

export const invalidate = (filters: InvalidateQueryFilters): CacheEffect => ({ kind: 'invalidate', filters });
export const invalidateKey = (queryKey: QueryKey, exact = false): CacheEffect => invalidate({ queryKey, exact });

export interface EffectDeps {
  /** GET /api/brands/{id}: the brand's current row, for patching the lists that hold it. */
  fetchBrand: (id: number) => Promise<Brand>;
}

const defaultDeps: EffectDeps = { fetchBrand };

/**
 * A patch that changes nothing writes nothing: TanStack Query takes any write as fresh data and forgets that the
 * answer was marked stale, so writing an untouched list back would cancel the refetch an earlier change asked for
 * (an updater's `undefined` leaves the cached answer as it is).
 */
function writeOnlyChanges(update: (old: unknown) => unknown) {
  return (old: unknown) => {
    const next = update(old);
    return next === old ? undefined : next;
  };
}

/** Runs the cache effects of one change (a mutation's or a realtime event's, staleness/) on the app's QueryClient. */
export async function applyEffects(
  queryClient: QueryClient,
  effects: readonly CacheEffect[],
  deps: EffectDeps = defaultDeps,
): Promise<void> {
  await Promise.all(
    effects.map((effect) => {
      switch (effect.kind) {
        case 'invalidate':
          return queryClient.invalidateQueries(effect.filters);
        case 'patch':
          queryClient.setQueryData(effect.queryKey, writeOnlyChanges(effect.update));
          return undefined;
        case 'patchAll':
          queryClient.setQueriesData({ queryKey: effect.queryKey }, writeOnlyChanges(effect.update));
          return undefined;
        case 'refreshBrand':
          return refreshBrand(queryClient, effect.brandId, deps);
      }
    }),
  );
}

/** The cached lists whose rows are brands: pages of a subcategory's brands, and the scoped categories answers. */
function isBrandList(query: Query): boolean {
  const { queryKey } = query;
  return (isUnder(queryKey, keys.brands.all) && !isUnder(queryKey, keys.brands.details)) || isUnder(queryKey, keys.categories.all);
}

/** A cached detail answer, as the brands hook stores it (`{ brand }` or the brand itself). */
function brandOf(data: unknown): Brand | undefined {
  const wrapped = brandAnswer.safeParse(data);
  if (wrapped.success) return wrapped.data.brand;
  const plain = brandSchema.safeParse(data);
  return plain.success ? plain.data : undefined;
}

/**
 * A brand changed: its cached detail is refetched (shown or not), and every cached list that holds
 * it gets the fresh row in place (the list's own embedded models are kept, since a page embeds fewer than the
 * detail). The patched lists are then marked stale without refetching: a 20,000-brand list does not reload its
 * pages for one brand, and its order and filter catch up when it is next shown. If the brand cannot be fetched,
 * those lists are invalidated instead.
 */
async function refreshBrand(queryClient: QueryClient, brandId: number, deps: EffectDeps): Promise<void> {
  const detailKey = keys.brands.detail(brandId);
  const holders = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isBrandList(query) && rowsOf(query.state.data, ['brands']).some((row) => row.id === brandId) });
  const detailCached = queryClient.getQueryState(detailKey) !== undefined;
  if (detailCached) await queryClient.refetchQueries({ queryKey: detailKey, exact: true, type: 'all' });
  if (holders.length === 0) return;

  const isHolder = (query: Query) => holders.includes(query);
  let fresh = detailCached ? brandOf(queryClient.getQueryData(detailKey)) : undefined;
  if (!fresh) {
    try {
      fresh = await deps.fetchBrand(brandId);
    } catch (error) {
      console.warn('Could not refetch brand', brandId, error);
      await queryClient.invalidateQueries({ predicate: isHolder });
      return;
    }
  }
  const { equipments: _ownModels, ...fields } = fresh;
  for (const holder of holders) {
    queryClient.setQueryData(holder.queryKey, (old: unknown) =>
      mapRows(
        old,
        (row) => row.id === brandId,
        (row) => ({ ...row, ...fields }),
        ['brands'],
      ),
    );
  }
  await queryClient.invalidateQueries({ predicate: isHolder, refetchType: 'none' });
}
