import type { QueryKey } from '@tanstack/react-query';
import type { ExclusionImportOutcome } from '../../../contract/exclusion-import';
import { invalidateKey, type CacheEffect } from '../cache-effects';
import { keys } from '../keys';
import { nothing, onSuccess, type MutationEntries } from './entry';

/**
 * Exclusions of brands and models: one by one, by import, in bulk, and their undo. Their events are the catalogue's
 * (`updatebrand`, `statuseschanged`: catalogue.ts).
 */

/** A brand's exclusion shows in the brand lists and details, and in the scoped categories answers that embed brands. */
const brandExclusion = (): CacheEffect[] =>
  [keys.exclusions.brands(), keys.brands.all, keys.categories.all].map((key) => invalidateKey(key));
/** A model's exclusion shows in the equipment lists, in brands that embed their models, and in the embedding categories answers. */
const equipmentExclusion = (): CacheEffect[] =>
  [keys.exclusions.equipments(), keys.equipments.all, keys.brands.all, keys.categories.all].map((key) => invalidateKey(key));

/** Drops rows from a cached exclusion list at once, so they disappear before the refetch answers. */
const dropRows = (queryKey: QueryKey, matches: (row: Record<string, unknown>) => boolean): CacheEffect => ({
  kind: 'patch',
  queryKey,
  update: (rows) => (Array.isArray(rows) ? rows.filter((row: Record<string, unknown>) => !matches(row)) : rows),
});

export const exclusionMutations = {
  'exclusions.excludeBrand': onSuccess<unknown, unknown>(brandExclusion),
  'exclusions.unexcludeBrand': onSuccess<number>(({ sent }) => [
    dropRows(keys.exclusions.brands(), (row) => row.id === sent),
    ...brandExclusion(),
  ]),
  'exclusions.excludeEquipment': onSuccess<unknown, unknown>(equipmentExclusion),
  'exclusions.unexcludeEquipment': onSuccess<number>(({ sent }) => [
    dropRows(keys.exclusions.equipments(), (row) => row.id === sent),
    ...equipmentExclusion(),
  ]),
  'exclusions.unexcludeEquipmentByName': onSuccess<{ brand: string; model: string }>(({ sent }) => [
    dropRows(keys.exclusions.equipments(), (row) => row.brand === sent.brand && row.model === sent.model),
    ...equipmentExclusion(),
  ]),
  'exclusions.removeEquipmentByName': onSuccess<{ brand: string; model: string }>(({ sent }) => [
    dropRows(keys.exclusions.equipments(), (row) => row.brand === sent.brand && row.model === sent.model),
    ...equipmentExclusion(),
  ]),
  // A file's preview only reads; applying it excludes brands or models (the answer's kind says which).
  'exclusionImport.preview': nothing,
  'exclusionImport.apply': onSuccess<unknown, ExclusionImportOutcome>(({ answer }) =>
    answer.kind === 'brands' ? brandExclusion() : equipmentExclusion(),
  ),
  'bulkExclusions.brands': onSuccess<unknown, unknown>(brandExclusion),
  'bulkExclusions.models': onSuccess<unknown, unknown>(equipmentExclusion),
  // An undo may put back brands and models alike: both kinds' lists.
  'exclusionChanges.undo': onSuccess<unknown, unknown>(() =>
    [keys.exclusions.all, keys.equipments.all, keys.brands.all, keys.categories.all].map((key) => invalidateKey(key)),
  ),
} satisfies MutationEntries;
