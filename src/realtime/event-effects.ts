import type { InvalidateQueryFilters, Query, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  changeAnyStatusPayload,
  changeTokensPayload,
  channels,
  realtimeEvents,
  statusesChangedPayload,
  updateBrandPayload,
  updateCategoryPayload,
  updateEventsPayload,
  updateSubcategoryPayload,
} from '../../contract/realtime';
import { statusRecord } from '../../contract/statuses';
import { isUnder, keys } from '../api/keys';
import { patchCategoriesAnswer, patchStatusesList } from './status-patches';
import { mentionsSubcategory, rowsOf } from './cache-rows';

/**
 * The realtime event -> query cache table (ARCHITECTURE.md "Real-time contract"), as pure data: for each event, the
 * channel it arrives on, the contract schema of its payload, and the cache effects it has. Nothing here talks to
 * pusher-js or runs an effect (apply-effects.ts does); the unit tests run the table against a real QueryClient.
 *
 * Every `invalidate` refetches only the queries a screen is showing (TanStack's `refetchType: 'active'`); the others
 * are marked stale and refetch when next shown. So "invalidate the lists of subcategory 3" costs a request only if
 * such a list is on screen.
 */

export type CacheEffect =
  /** Mark stale; refetch those on screen (or none, with `refetchType: 'none'`). */
  | { kind: 'invalidate'; filters: InvalidateQueryFilters }
  /** Write the payload's data into a cached answer (nothing happens when the key is not cached and `update` says so). */
  | { kind: 'patch'; queryKey: QueryKey; update: (old: unknown) => unknown }
  /** The same for every cached answer under a key prefix. */
  | { kind: 'patchAll'; queryKey: QueryKey; update: (old: unknown) => unknown }
  /** Refetch one brand (its cached detail, whether shown or not) and patch its row into every cached list holding it. */
  | { kind: 'refreshBrand'; brandId: number };

/** What the bindings know of the screen when an event arrives (screen-context.ts builds it from the store and cache). */
export interface ScreenContext {
  /** The signed-in operator (`authUserId`), if stored. */
  userId: number | null;
  /**
   * The subcategories whose equipment statuses are on screen: the selected subcategory and every subcategory of the
   * selected category (the equipments screen lists them all with their status badges and counts).
   */
  visibleSubcategoryIds: ReadonlySet<number>;
  /** A subcategory's name, from the cached category tree (equipment lists are keyed by the name, SPEC 7). */
  subcategoryName: (id: number) => string | undefined;
  /** A category's subcategory ids, from the cached category tree. */
  subcategoryIdsOf: (categoryId: number) => readonly number[];
}

const invalidate = (filters: InvalidateQueryFilters): CacheEffect => ({ kind: 'invalidate', filters });
const invalidateKey = (queryKey: QueryKey, exact = false): CacheEffect => invalidate({ queryKey, exact });

function namesOf(ids: Iterable<number>, screen: ScreenContext): Set<string> {
  const names = new Set<string>();
  for (const id of ids) {
    const name = screen.subcategoryName(id);
    if (name !== undefined) names.add(name);
  }
  return names;
}

/** The brand and equipment lists (and details) of these subcategories; the scoped categories answers that embed them. */
function listsOfSubcategories(ids: ReadonlySet<number>, screen: ScreenContext): CacheEffect {
  const names = namesOf(ids, screen);
  return invalidate({
    predicate: (query: Query) => {
      if (![keys.brands.all, keys.equipments.all, keys.categories.all].some((prefix) => isUnder(query.queryKey, prefix))) return false;
      return mentionsSubcategory(query.queryKey, query.state.data, ids, names);
    },
  });
}

/** Lists whose rows carry catalogue names (a brand's category and subcategory, an exclusion's, a history entry's). */
const nameBearingLists: CacheEffect[] = [invalidateKey(keys.exclusions.all), invalidateKey(keys.history.all)];

/** A status record's brand, when the `changeanystatus` payload is one (its shape is "not shown" in the spec). */
function statusBrand(status: unknown): { brandId: number; subcategoryId: number | null } | undefined {
  if (typeof status !== 'object' || status === null) return undefined;
  const { brand_id: brandId, subcategory_id: subcategoryId } = status as Record<string, unknown>;
  if (typeof brandId !== 'number') return undefined;
  return { brandId, subcategoryId: typeof subcategoryId === 'number' ? subcategoryId : null };
}

interface Binding<S extends z.ZodType> {
  /** The channel it arrives on; 'user' is the operator's own `private-user.{id}`. */
  channel: string;
  schema: S;
  effects: (payload: z.output<S>, screen: ScreenContext) => CacheEffect[];
}

const bind = <S extends z.ZodType>(binding: Binding<S>) => binding;

/** The balance fields an event carries (`held_tokens` only from servers that hold tokens for runs). */
const balanceOf = (user: z.infer<typeof changeTokensPayload>['user']) =>
  user.held_tokens === undefined ? { tokens: user.tokens } : { tokens: user.tokens, held_tokens: user.held_tokens };

export const userChannel = 'user';

export const eventBindings = {
  /** The balance: patch the user-tokens key (and the user answer, which carries the tokens too). */
  [realtimeEvents.changeTokens]: bind({
    channel: userChannel,
    schema: changeTokensPayload,
    effects: ({ user }, screen) => {
      if (screen.userId !== null && user.id !== screen.userId) return [];
      return [
        { kind: 'patch', queryKey: keys.userTokens(), update: (old) => ({ ...(isRecord(old) ? old : {}), ...balanceOf(user) }) },
        { kind: 'patch', queryKey: keys.user(), update: (old) => (isRecord(old) ? { ...old, ...balanceOf(user) } : old) },
        invalidateKey(keys.overview()),
      ];
    },
  }),

  /**
   * A generation status changed: the statuses lists, the category tree (its categories and subcategories carry their
   * status: the header's spinner), the generation history and the overview. A brand's status also shows in its row.
   * The record and the In Progress count the event carries are written into the statuses list and the category tree
   * (at scale those are 200 and 320 kB a refetch); a server that sends no count, or a record that does not parse,
   * makes them refetch instead.
   */
  [realtimeEvents.changeAnyStatus]: bind({
    channel: channels.statuses,
    schema: changeAnyStatusPayload,
    effects: ({ status, in_progress: inProgress }) => {
      const record = statusRecord.safeParse(status);
      const brand = statusBrand(status);
      const tree: CacheEffect[] =
        record.success && inProgress !== undefined
          ? [
              { kind: 'patch', queryKey: keys.statuses.list(), update: (old) => patchStatusesList(old, record.data, inProgress) },
              { kind: 'patchAll', queryKey: keys.categories.all, update: (old) => patchCategoriesAnswer(old, record.data) },
            ]
          : [invalidateKey(keys.statuses.list()), invalidateKey(keys.categories.all)];
      return [
        ...tree,
        invalidateKey(keys.history.all),
        invalidateKey(keys.overview()),
        ...(brand ? [{ kind: 'refreshBrand', brandId: brand.brandId } satisfies CacheEffect] : []),
        ...(brand?.subcategoryId != null
          ? [invalidateKey(keys.equipments.brands(brand.subcategoryId)), invalidateKey(keys.statuses.equipments())]
          : []),
      ];
    },
  }),

  /**
   * A subcategory was renamed or moved: the categories (SPEC 7), and the lists whose rows carry its name or its
   * category's (its brands and equipment, the exclusion lists, history).
   */
  [realtimeEvents.updateSubcategory]: bind({
    channel: channels.subcategory,
    schema: updateSubcategoryPayload,
    effects: ({ subcategory_id }, screen) => [
      invalidateKey(keys.categories.all),
      listsOfSubcategories(new Set([subcategory_id]), screen),
      ...nameBearingLists,
    ],
  }),

  /** A category was renamed: the categories (SPEC 7), and the lists whose rows carry its name. */
  [realtimeEvents.updateCategory]: bind({
    channel: channels.category,
    schema: updateCategoryPayload,
    effects: ({ category_id }, screen) => [
      invalidateKey(keys.categories.all),
      invalidateKey(keys.events.ofCategory(category_id)),
      listsOfSubcategories(new Set(screen.subcategoryIdsOf(category_id)), screen),
      ...nameBearingLists,
    ],
  }),

  /**
   * A brand changed or was excluded: refetch it and patch its rows where it is listed (SPEC 4 "refetches that
   * brand"); the brand exclusion lists gain or lose it; the equipment screen's brand lists and its models' lists
   * show its state too.
   */
  [realtimeEvents.updateBrand]: bind({
    channel: channels.brand,
    schema: updateBrandPayload,
    effects: ({ brand_id }) => [
      { kind: 'refreshBrand', brandId: brand_id },
      invalidateKey(keys.exclusions.brands()),
      invalidate({
        predicate: (query: Query) => {
          if (isUnder(query.queryKey, keys.equipments.brandLists)) return rowsOf(query.state.data, ['brands']).some((row) => row.id === brand_id);
          return isUnder(query.queryKey, keys.equipments.list({ brand_id }));
        },
      }),
    ],
  }),

  /**
   * Equipment of these subcategories changed (edited, excluded, un-excluded). SPEC 4: the equipment statuses are
   * refetched only if one of the subcategories is on screen (the selected category's subcategories, which the
   * equipments screen shows, or the selected subcategory); otherwise they are only marked stale. The lists of those
   * subcategories' equipment and brands refetch when shown, and the equipment exclusion list does.
   */
  [realtimeEvents.statusesChanged]: bind({
    channel: channels.equipments,
    schema: statusesChangedPayload,
    effects: ({ subcategory_ids }, screen) => {
      const ids = new Set(subcategory_ids);
      const onScreen = subcategory_ids.some((id) => screen.visibleSubcategoryIds.has(id));
      return [
        onScreen
          ? invalidateKey(keys.statuses.equipments())
          : invalidate({ queryKey: keys.statuses.equipments(), refetchType: 'none' }),
        // The tree's per-subcategory item counts, which the equipments screen shows beside each subcategory.
        ...(onScreen ? [invalidateKey(keys.categories.list(), true)] : []),
        listsOfSubcategories(ids, screen),
        invalidateKey(keys.exclusions.equipments()),
      ];
    },
  }),

  /** A category's events changed: its events, and the category answers that embed or count them. */
  [realtimeEvents.updateEvents]: bind({
    channel: channels.events,
    schema: updateEventsPayload,
    effects: ({ category_id }) => [
      invalidateKey(keys.events.ofCategory(category_id)),
      invalidateKey(keys.categories.list({ category_id }), true),
      invalidateKey(keys.categories.list(), true),
    ],
  }),
} as const;

export type RealtimeEventName = keyof typeof eventBindings;

/**
 * After a reconnect: every key an event could have touched, since any event may have been missed meanwhile
 * (ARCHITECTURE.md). Payment methods change only by the operator's own calls.
 */
export function resyncEffects(): CacheEffect[] {
  return [
    keys.userTokens(),
    keys.user(),
    keys.statuses.all,
    keys.categories.all,
    keys.brands.all,
    keys.events.all,
    keys.equipments.all,
    keys.exclusions.all,
    keys.history.all,
    keys.overview(),
  ].map((queryKey) => invalidateKey(queryKey));
}

export type EffectsOutcome =
  | { kind: 'effects'; effects: CacheEffect[] }
  | { kind: 'malformed'; issues: z.core.$ZodIssue[] }
  | { kind: 'unknown' };

/** The effects of one event, its payload parsed with the contract schema. */
export function effectsOf(event: string, payload: unknown, screen: ScreenContext): EffectsOutcome {
  if (!Object.hasOwn(eventBindings, event)) return { kind: 'unknown' };
  const binding = eventBindings[event as RealtimeEventName] as Binding<z.ZodType>;
  const parsed = binding.schema.safeParse(payload);
  if (!parsed.success) return { kind: 'malformed', issues: parsed.error.issues };
  return { kind: 'effects', effects: binding.effects(parsed.data, screen) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
