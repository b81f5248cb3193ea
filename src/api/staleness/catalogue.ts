import type { Query } from '@tanstack/react-query';
import type { Equipment } from '../../../contract/equipments';
import {
  channels,
  realtimeEvents,
  statusesChangedPayload,
  updateBrandPayload,
  updateCategoryPayload,
  updateEventsPayload,
  updateSubcategoryPayload,
} from '../../../contract/realtime';
import { invalidate, invalidateKey, type CacheEffect } from '../cache-effects';
import { mapRows, mentionsSubcategory, rowsOf } from '../cache-rows';
import { isUnder, keys } from '../keys';
import { bind, onSuccess, type MutationEntries, type ScreenContext } from './entry';

/** The catalogue: categories, subcategories, brands, equipment and events (their exclusions: exclusions.ts). */

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

export const catalogueEvents = {
  /**
   * A subcategory was renamed or moved: the categories, and the lists whose rows carry its name or its category's
   * (its brands and equipment, the exclusion lists, history).
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

  /** A category was renamed: the categories, its events, and the lists whose rows carry its name. */
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
   * A brand changed or was excluded: refetch it and patch its rows where it is listed (`refreshBrand`,
   * cache-effects.ts); the brand exclusion lists gain or lose it; the equipment screen's brand lists and its models'
   * lists show its state too.
   */
  [realtimeEvents.updateBrand]: bind({
    channel: channels.brand,
    schema: updateBrandPayload,
    effects: ({ brand_id }) => [
      { kind: 'refreshBrand', brandId: brand_id },
      invalidateKey(keys.exclusions.brands()),
      invalidate({
        predicate: (query: Query) => {
          if (isUnder(query.queryKey, keys.equipments.brandLists))
            return rowsOf(query.state.data, ['brands']).some((row) => row.id === brand_id);
          return isUnder(query.queryKey, keys.equipments.list({ brand_id }));
        },
      }),
    ],
  }),

  /**
   * Equipment of these subcategories changed (edited, excluded, un-excluded). The equipment statuses are refetched
   * only if one of the subcategories is on screen (the selected category's subcategories, which the equipments
   * screen shows, or the selected subcategory); otherwise they are only marked stale. The lists of those
   * subcategories' equipment and brands refetch when shown, and the exclusion lists do (an import that excludes many
   * brands announces them by subcategory, server/catalogue/exclusion-import.ts).
   */
  [realtimeEvents.statusesChanged]: bind({
    channel: channels.equipments,
    schema: statusesChangedPayload,
    effects: ({ subcategory_ids }, screen) => {
      const ids = new Set(subcategory_ids);
      const onScreen = subcategory_ids.some((id) => screen.visibleSubcategoryIds.has(id));
      return [
        onScreen ? invalidateKey(keys.statuses.equipments()) : invalidate({ queryKey: keys.statuses.equipments(), refetchType: 'none' }),
        // The tree's per-subcategory item counts, which the equipments screen shows beside each subcategory.
        ...(onScreen ? [invalidateKey(keys.categories.list(), true)] : []),
        listsOfSubcategories(ids, screen),
        invalidateKey(keys.exclusions.equipments()),
        invalidateKey(keys.exclusions.brands()),
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

/** Names appear in the tree, on equipment rows, on brands, in exclusions and in history: a rename or a move makes them all stale. */
const catalogueNames = (): CacheEffect[] =>
  [keys.categories.all, keys.equipments.all, keys.brands.all, keys.exclusions.all, keys.history.all].map((key) => invalidateKey(key));

export const catalogueMutations = {
  'categories.renameCategory': onSuccess<unknown, unknown>(catalogueNames),
  'categories.renameSubcategory': onSuccess<unknown, unknown>(catalogueNames),
  'categories.moveSubcategory': onSuccess<unknown, unknown>(catalogueNames),
  'categories.moveSubcategoryVariant': onSuccess<unknown, unknown>(catalogueNames),
  // The row the operator sees after Save is the server's (trimmed, normalised), straight from the answer; the lists
  // are refetched behind it. A move between subcategories also changes the tree's counts.
  'equipments.update': onSuccess<{ previousSubcategoryId: number }, Equipment>(({ sent, answer }) => [
    {
      kind: 'patchAll',
      queryKey: keys.equipments.all,
      update: (old) =>
        mapRows(
          old,
          (row) => row.id === answer.id,
          () => answer,
          ['equipments'],
        ),
    },
    ...[keys.equipments.all, keys.brands.all, keys.exclusions.equipments()].map((key) => invalidateKey(key)),
    ...(answer.subcategory_id !== sent.previousSubcategoryId ? [invalidateKey(keys.categories.all)] : []),
  ]),
} satisfies MutationEntries;
