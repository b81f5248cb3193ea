import { categoriesAnswer, categoriesWithSubcategoriesAnswer } from '../../contract/categories';
import { modelTypes, statusesAnswer, type StatusRecord } from '../../contract/statuses';

/**
 * Writing one status record, as a `changeanystatus` event carries it, into the cached answers that show it, so a
 * status event costs no request: the statuses list, and the category tree's `status` fields (a category's event
 * generation, a subcategory's brand generation) with the categories answer's `statuses`. An answer that does not
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
    return { ...(old as object), categories: patchTree(tree, status), statuses: statuses.length === 0 ? statuses : upsertStatus(statuses, status) };
  }
  const withSubcategories = categoriesWithSubcategoriesAnswer.safeParse(old);
  if (!withSubcategories.success) return old;
  return { ...(old as object), categories: patchTree(withSubcategories.data.categories, status) };
}
