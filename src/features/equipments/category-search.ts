/**
 * docs/product.md#change-category-dialog: a case-insensitive contains-match on the name; every category while the search
 * is empty, so the list is there to choose from before anything is typed. The subcategory's own category is never
 * suggested (the server refuses a move to it).
 */
export function matchCategories<C extends { id: number; name: string }>(
  categories: readonly C[],
  search: string,
  currentCategoryId: number | null,
): C[] {
  const needle = search.trim().toLocaleLowerCase();
  return categories.filter((c) => c.id !== currentCategoryId && c.name.toLocaleLowerCase().includes(needle));
}
