import { categoriesErrorText } from '../../api/categories';
import { isInProgress } from '../../api/statuses';
import type { Category, Subcategory } from '../../../contract/categories';
import type { ScreenType } from '../../store/selection';

/**
 * What the dashboard header shows, derived from the categories query and the selection (docs/product.md#dashboard-header).
 * Pure functions, so every state is unit-tested without a DOM.
 */

export const headerTexts = {
  loading: 'Loading...',
  error: categoriesErrorText,
  noCategories: 'No categories available',
  selectCategoryFirst: 'Select a category first',
  noSubcategories: 'No subcategories available',
} as const;

export type CategoryMenuState =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'empty' }
  | { kind: 'ready'; categories: readonly Category[]; selected: Category | undefined };

/** The category dropdown. Cached data wins over a failed refetch: the operator keeps working on what is known. */
export function categoryMenuState(
  query: { data?: { categories: readonly Category[] } | undefined; isError: boolean },
  selectedCategoryId: number | null,
): CategoryMenuState {
  const categories = query.data?.categories;
  if (!categories) return query.isError ? { kind: 'error' } : { kind: 'loading' };
  if (categories.length === 0) return { kind: 'empty' };
  return { kind: 'ready', categories, selected: categories.find((c) => c.id === selectedCategoryId) };
}

export type SubcategoryMenuState =
  | { kind: 'hidden' }
  | { kind: 'no-category' }
  | { kind: 'empty'; category: Category }
  | { kind: 'ready'; category: Category; subcategories: readonly Subcategory[]; selected: Subcategory | undefined };

/** The subcategory dropdown: only for the Equipments type. */
export function subcategoryMenuState(
  type: ScreenType,
  category: Category | undefined,
  selectedSubcategoryId: number | null,
): SubcategoryMenuState {
  if (type !== 'Equipments') return { kind: 'hidden' };
  if (!category) return { kind: 'no-category' };
  if (category.subcategories.length === 0) return { kind: 'empty', category };
  return {
    kind: 'ready',
    category,
    subcategories: category.subcategories,
    selected: category.subcategories.find((s) => s.id === selectedSubcategoryId),
  };
}

/** What History and Regenerate act on: the selected category (Events) or subcategory (Equipments). */
export type HeaderTarget = { type: 'Events'; category: Category } | { type: 'Equipments'; category: Category; subcategory: Subcategory };

export function headerTarget(type: ScreenType, category: Category | undefined, subcategory: Subcategory | undefined): HeaderTarget | null {
  if (!category) return null;
  if (type === 'Events') return { type, category };
  return subcategory ? { type, category, subcategory } : null;
}

export interface TargetSummary {
  /** Events of the category, or brands of the subcategory. */
  count: number;
  unit: 'event' | 'brand';
  /** docs/product.md#dashboard-header: while In Progress a spinner replaces the count badge and the Regenerate button. */
  inProgress: boolean;
}

export function targetSummary(target: HeaderTarget): TargetSummary {
  if (target.type === 'Events') {
    return { count: target.category.events_count, unit: 'event', inProgress: isInProgress(target.category.status) };
  }
  return { count: target.subcategory.brands_count, unit: 'brand', inProgress: isInProgress(target.subcategory.status) };
}

export function countLabel(summary: Pick<TargetSummary, 'count' | 'unit'>): string {
  const n = new Intl.NumberFormat('en-US').format(summary.count);
  return `${n} ${summary.unit}${summary.count === 1 ? '' : 's'}`;
}
