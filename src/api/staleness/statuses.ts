import type { Query } from '@tanstack/react-query';
import { changeAnyStatusPayload, channels, realtimeEvents } from '../../../contract/realtime';
import { statusRecord } from '../../../contract/statuses';
import { invalidate, invalidateKey, type CacheEffect } from '../cache-effects';
import { isUnder, keys } from '../keys';
import {
  isBrandEquipmentStatus,
  patchBrandStatus,
  patchCategoriesAnswer,
  patchStatusesCount,
  patchStatusesList,
  patchSubcategoryStatuses,
  refetchStatuses,
} from '../status-patches';
import { bind } from './entry';

/** The generation statuses (their mutations are the generate calls, generation.ts). */

/** A status record's brand, when the `changeanystatus` payload is one (the contract leaves its shape open). */
function statusBrand(status: unknown): { brandId: number; subcategoryId: number | null } | undefined {
  if (typeof status !== 'object' || status === null) return undefined;
  const { brand_id: brandId, subcategory_id: subcategoryId } = status as Record<string, unknown>;
  if (typeof brandId !== 'number') return undefined;
  return { brandId, subcategoryId: typeof subcategoryId === 'number' ? subcategoryId : null };
}

export const statusEvents = {
  /**
   * A generation status changed: the statuses lists, the category tree (its categories and subcategories carry their
   * status: the header's spinner), the generation history and the overview. A brand's status also shows in its row.
   * The record and the In Progress count the event carries are written into the statuses list and the category tree
   * (at scale those are 200 and 320 kB a refetch); a server that sends no count, or a record that does not parse,
   * makes them refetch instead. A brand's record is written into that brand's rows (the brands screen reads the
   * status from its row); the equipments screen's per-brand statuses (GET /api/equipments/statuses) refetch if shown.
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
              { kind: 'patch', queryKey: keys.statuses.list(), update: (old) => patchStatusesCount(old, inProgress) },
              // Each scope's list takes the record (a list holding a record of another scope shows nothing of it).
              { kind: 'patchAll', queryKey: keys.statuses.records(), update: (old) => patchStatusesList(old, record.data, inProgress) },
              { kind: 'patchAll', queryKey: keys.categories.all, update: (old) => patchCategoriesAnswer(old, record.data) },
            ]
          : [invalidateKey(keys.statuses.list()), invalidateKey(keys.statuses.records()), invalidateKey(keys.categories.all)];
      // A brand's equipment generation is its rows' `status`: written into the cached brand pages, details and
      // scoped categories answers (no request); a record that does not parse refetches the brand instead.
      const brandRows: CacheEffect[] =
        record.success && isBrandEquipmentStatus(record.data)
          ? [keys.brands.all, keys.categories.all].map((queryKey) => ({
              kind: 'patchAll',
              queryKey,
              update: (old: unknown) => patchBrandStatus(old, record.data),
            }))
          : brand
            ? [{ kind: 'refreshBrand', brandId: brand.brandId }]
            : [];
      // The equipments screen's one status per subcategory: patched from the record; refetched where only the
      // server can tell (a running record ended), as is any other scope of per-brand statuses.
      const perSubcategory = keys.statuses.equipments({ per_subcategory: 'true' });
      const subcategoryStatuses: CacheEffect[] =
        record.success && isBrandEquipmentStatus(record.data)
          ? [
              invalidate({
                predicate: (query: Query) =>
                  isUnder(query.queryKey, keys.statuses.equipments()) &&
                  (!isUnder(query.queryKey, perSubcategory) || patchSubcategoryStatuses(query.state.data, record.data) === refetchStatuses),
              }),
              {
                kind: 'patchAll',
                queryKey: perSubcategory,
                update: (old) => {
                  const patched = patchSubcategoryStatuses(old, record.data);
                  return patched === refetchStatuses ? old : patched;
                },
              },
            ]
          : [invalidateKey(keys.statuses.equipments())];
      return [
        ...tree,
        invalidateKey(keys.history.all),
        invalidateKey(keys.overview()),
        ...brandRows,
        ...(brand?.subcategoryId != null ? [invalidateKey(keys.equipments.brands(brand.subcategoryId)), ...subcategoryStatuses] : []),
      ];
    },
  }),
} as const;
