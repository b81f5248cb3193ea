import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesAnswer } from '../../contract/categories';
import { getJson } from './http';
import { keys, type CategoriesScope } from './keys';

/**
 * GET /api/categories. Unscoped it answers the category tree (each category with its subcategories, their status
 * and counts); scoped by `subcategory_id` / `category_id` it also carries that subcategory's brands / that
 * category's events (contract categoriesQuery).
 */
export function getCategories(scope: CategoriesScope = {}) {
  return getJson('/api/categories', categoriesAnswer, { searchParams: scope });
}

export const categoriesQueryOptions = (scope: CategoriesScope = {}) =>
  queryOptions({ queryKey: keys.categories.list(scope), queryFn: () => getCategories(scope) });

export function useCategories(scope: CategoriesScope = {}) {
  return useQuery(categoriesQueryOptions(scope));
}

/** SPEC 8: what the header shows when the categories cannot be loaded. */
export const categoriesErrorText = 'Failed to fetch categories and equipment.';
