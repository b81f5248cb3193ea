import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesApi, type MoveSubcategoryBody, type RenameBody } from '../../contract/categories';
import { useEndpointMutation } from './endpoint-mutation';
import { call } from './http';
import { keys, type CategoriesScope } from './keys';

/**
 * GET /api/categories?statuses=false&compact=true. Unscoped it answers the category tree (each category with its subcategories,
 * their status and counts); scoped by `subcategory_id` / `category_id` it also carries that subcategory's brands /
 * that category's events (contract categoriesQuery). The status records are left out: GET /api/statuses has them.
 * The subcategories come as compact rows, read back whole (contract `compactSubcategory`).
 */
export function getCategories(scope: CategoriesScope = {}) {
  return call(categoriesApi.list, { query: { ...scope, statuses: 'false', compact: 'true' } });
}

export const categoriesQueryOptions = (scope: CategoriesScope = {}) =>
  queryOptions({ queryKey: keys.categories.list(scope), queryFn: () => getCategories(scope) });

export function useCategories(scope: CategoriesScope = {}) {
  return useQuery(categoriesQueryOptions(scope));
}

/** docs/product.md#messages-and-errors: what the header shows when the categories cannot be loaded. */
export const categoriesErrorText = 'Failed to fetch categories and equipment.';

// ---- Renaming and moving (the category, subcategory and equipment-subcategory updates of docs/product.md#calls: contract/categories.ts) ---

/** docs/product.md#messages-and-errors: what a failed category rename shows. */
export const categoryUpdateFailedText = 'Failed to update category. Please try again.';
/** The subcategory counterpart (the spec names only the category's; this one follows its wording). */
export const subcategoryUpdateFailedText = 'Failed to update subcategory. Please try again.';

/** POST /api/categories/update { id, name } */
export function useRenameCategory() {
  return useEndpointMutation(categoriesApi.renameCategory, { input: (body: RenameBody) => ({ body }) });
}

/** POST /api/subcategories/update { id, name } */
export function useRenameSubcategory() {
  return useEndpointMutation(categoriesApi.renameSubcategory, { input: (body: RenameBody) => ({ body }) });
}

/** POST /api/equipments/subcategory/update { subcategoryId, newCategoryId } */
export function useMoveSubcategory() {
  return useEndpointMutation(categoriesApi.moveSubcategory, { input: (body: MoveSubcategoryBody) => ({ body }) });
}
