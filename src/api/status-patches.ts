import { categoriesAnswer, categoriesWithSubcategoriesAnswer } from '../../contract/categories';
import { equipmentStatusesAnswer, modelTypes, statusesAnswer, statusNames, type StatusRecord } from '../../contract/statuses';
import { mapRows } from './cache-rows';

/**
 * Writing one status record, as a `changeanystatus` event carries it, into the cached answers that show it, so a
 * status event costs no request: the statuses list, the category tree's `status` fields (a category's event
 * generation, a subcategory's brand generation) with the categories answer's `statuses`, and a brand's equipment
 * generation into that brand's rows (its `status`). An answer that does not
 * parse is left as it is; an unchanged one costs no render (TanStack Query keeps equal data's references).
 */

/** Whether the record is one of the tree's own statuses (not a brand's equipment generation). */
const isTreeStatus = (status: StatusRecord) => status.brand_id === null && status.model_type !== modelTypes.equipment;

/** The list with the record in place of the one of the same id, or first (newest first) when it is new. */
function upsertStatus(list: readonly StatusRecord[], status: StatusRecord): StatusRecord[] {
  const index = list.findIndex((s) => s.id === status.id);
  if (index === -1) return [status, ...list];
  return list.map((s, i) => (i === index ? status : s));
}

/** GET /api/statuses?per_brand=false: the record (a tree status) and the In Progress count the event carries. */
export function patchStatusesList(old: unknown, status: StatusRecord, inProgress: number): unknown {
  const parsed = statusesAnswer.safeParse(old);
  if (!parsed.success) return old;
  const statuses = isTreeStatus(status) ? upsertStatus(parsed.data.statuses, status) : parsed.data.statuses;
  return { ...parsed.data, statuses, in_progress: inProgress };
}

/** GET /api/statuses?records=false (the header's): the In Progress count the event carries. */
export function patchStatusesCount(old: unknown, inProgress: number): unknown {
  const parsed = statusesAnswer.safeParse(old);
  return parsed.success ? { ...parsed.data, in_progress: inProgress } : old;
}

interface TreeCategory {
  id: number;
  status: string | null;
  subcategories: { id: number; status: string | null }[];
}

/** The categories with the record's name as the status of its category (events) or subcategory (brands). */
function patchTree<C extends TreeCategory>(list: C[], status: StatusRecord): C[] {
  return list.map((category) => {
    if (status.model_type === modelTypes.event && category.id === status.category_id) return { ...category, status: status.name };
    if (status.model_type !== modelTypes.brand) return category;
    return {
      ...category,
      subcategories: category.subcategories.map((s) => (s.id === status.subcategory_id ? { ...s, status: status.name } : s)),
    };
  });
}

/**
 * GET /api/categories (any scope) and GET /api/categories-with-subcategories: the tree's status fields, and the
 * scoped answer's `statuses` (the tree's and its embedded brands').
 */
export function patchCategoriesAnswer(old: unknown, status: StatusRecord): unknown {
  if (!isTreeStatus(status)) return old;
  const categories = categoriesAnswer.safeParse(old);
  if (categories.success) {
    const { categories: tree, statuses } = categories.data;
    // The SPA asks the tree without its status records (statuses=false): an empty list stays empty.
    return {
      ...(old as object),
      categories: patchTree(tree, status),
      statuses: statuses.length === 0 ? statuses : upsertStatus(statuses, status),
    };
  }
  const withSubcategories = categoriesWithSubcategoriesAnswer.safeParse(old);
  if (!withSubcategories.success) return old;
  return { ...(old as object), categories: patchTree(withSubcategories.data.categories, status) };
}

/** Whether the record is a brand's equipment generation (the `status` of that brand's rows). */
export const isBrandEquipmentStatus = (status: StatusRecord): status is StatusRecord & { brand_id: number } =>
  status.brand_id !== null && status.model_type === modelTypes.equipment;

/** Whether `status` may replace a row's current one: the same record, or one at least as new (events may cross). */
function supersedes(status: StatusRecord, current: unknown): boolean {
  if (typeof current !== 'object' || current === null) return true;
  const { id, updated_at: updatedAt } = current as { id?: unknown; updated_at?: unknown };
  if (id === status.id || typeof updatedAt !== 'string' || status.updated_at === undefined) return true;
  return Date.parse(status.updated_at) >= Date.parse(updatedAt);
}

/**
 * A brand list (a page of GET /api/brands, an infinite query of them, a scoped categories answer) or a brand's
 * detail (the brand, or `{ brand }`) with the record as the `status` of that brand's rows (a record older than the
 * row's is ignored). The answer itself (===) when it holds no such row.
 */
export function patchBrandStatus(old: unknown, status: StatusRecord): unknown {
  if (!isBrandEquipmentStatus(status)) return old;
  const matches = (row: Record<string, unknown>) => row.id === status.brand_id && supersedes(status, row.status);
  const update = (row: Record<string, unknown>) => ({
    ...row,
    status: { ...status, brand: status.brand ?? { id: status.brand_id, name: row.name } },
  });
  if (isRecord(old) && isRecord(old.brand)) {
    const [patched] = mapRows([old.brand], matches, update);
    return patched === old.brand ? old : { ...old, brand: patched };
  }
  if (isRecord(old) && 'status' in old && typeof old.id === 'number') return matches(old) ? update(old) : old;
  return mapRows(old, matches, update, ['brands']);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What `patchSubcategoryStatuses` answers when the cached answer cannot tell the subcategory's status: refetch it. */
export const refetchStatuses = Symbol('refetch');

/**
 * GET /api/equipments/statuses?per_subcategory=true (one record per subcategory: its In Progress one, else its
 * newest) with a brand's equipment record in place of its subcategory's: an In Progress record always shows, a
 * newer one replaces one not running. `refetchStatuses` when only the server can tell: the running record shown
 * ended (another brand may still be running), or the subcategory has none cached (it may not be in the scope).
 */
export function patchSubcategoryStatuses(old: unknown, status: StatusRecord): unknown {
  if (old === undefined || !isBrandEquipmentStatus(status)) return old;
  const parsed = equipmentStatusesAnswer.safeParse(old);
  if (!parsed.success) return refetchStatuses;
  const list = parsed.data.statuses;
  const current = list.find((s) => s.subcategory_id === status.subcategory_id);
  if (current === undefined) return refetchStatuses;
  const running = (record: StatusRecord) => record.name === statusNames.inProgress;
  const replace = () => ({ ...parsed.data, statuses: list.map((s) => (s === current ? status : s)) });
  if (running(status)) return replace();
  if (current.id === status.id) return running(current) ? refetchStatuses : replace();
  if (running(current) || !supersedes(status, current)) return old;
  return replace();
}
