import type { QueryKey } from '@tanstack/react-query';
import { invalidateKey, type CacheEffect } from '../cache-effects';
import { keys } from '../keys';
import { nothing, onSettled, type MutationEntries } from './entry';

/**
 * The generate calls and their estimate. The runs they queue and the statuses they set arrive as events (runs.ts,
 * statuses.ts).
 */

/** A run was queued or ran: the statuses, the tree (its statuses and counts) and the history; and what it generates. */
const generated = (...lists: QueryKey[]): CacheEffect[] =>
  [keys.statuses.all, keys.categories.all, keys.history.all, ...lists].map((key) => invalidateKey(key));

export const generationMutations = {
  'brands.generate': onSettled<number>(({ sent }) => generated(keys.brands.ofSubcategory(sent))),
  'equipments.generate': onSettled<{ subcategory_id: number }>(({ sent }) =>
    generated(
      keys.brands.ofSubcategory(sent.subcategory_id),
      keys.equipments.brands(sent.subcategory_id),
      keys.equipments.list({ subcategory_id: sent.subcategory_id }),
    ),
  ),
  'equipments.generateModels': onSettled<{ subcategory_id: number }>(({ sent }) =>
    generated(keys.equipments.brands(sent.subcategory_id), keys.equipments.list({ subcategory_id: sent.subcategory_id })),
  ),
  'events.generate': onSettled<number>(({ sent }) => generated(keys.events.ofCategory(sent))),
  'generation.estimate': nothing, // reads only
} satisfies MutationEntries;
