import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoriesApi, type MoveSubcategoryBody, type RenameAnswer, type RenameBody } from '../../contract/categories';
import { call } from './http';
import { keys, type CategoriesScope } from './keys';
import { applyMutationStaleness } from './staleness';

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

/** SPEC 8: what the header shows when the categories cannot be loaded. */
export const categoriesErrorText = 'Failed to fetch categories and equipment.';

// ---- Renaming and moving (SPEC 7's category, subcategory and equipment-subcategory updates: contract/categories.ts) ---

/** POST /api/categories/update { id, name } */
export function renameCategory(body: RenameBody): Promise<RenameAnswer> {
  return call(categoriesApi.renameCategory, { body });
}

/** POST /api/subcategories/update { id, name } */
export function renameSubcategory(body: RenameBody): Promise<RenameAnswer> {
  return call(categoriesApi.renameSubcategory, { body });
}

/** POST /api/equipments/subcategory/update { subcategoryId, newCategoryId } */
export function moveSubcategory(body: MoveSubcategoryBody): Promise<RenameAnswer> {
  return call(categoriesApi.moveSubcategory, { body });
}

/** SPEC 8: what a failed category rename shows. */
export const categoryUpdateFailedText = 'Failed to update category. Please try again.';
/** The subcategory counterpart (the spec names only the category's; this one follows its wording). */
export const subcategoryUpdateFailedText = 'Failed to update subcategory. Please try again.';

export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameCategory,
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'categories.renameCategory', { sent, answer }),
  });
}

export function useRenameSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameSubcategory,
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'categories.renameSubcategory', { sent, answer }),
  });
}

export function useMoveSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveSubcategory,
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'categories.moveSubcategory', { sent, answer }),
  });
}
