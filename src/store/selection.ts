import { create } from 'zustand';

/**
 * The UI selection (docs/product.md#selection): which type of screen the header serves, which category
 * and subcategory are selected, and which brands are ticked. It holds ids only: the categories themselves live in
 * the Query cache (ARCHITECTURE.md), so every rule that needs the tree takes it as an argument.
 *
 * The rules are pure functions of (state, input) -> state, exported for tests and reuse; the store's actions apply
 * them. Components read with selectors: `useSelection((s) => s.selectedSubcategoryId)`.
 */

export const screenTypes = ['Events', 'Equipments'] as const;
export type ScreenType = (typeof screenTypes)[number];
/** docs/product.md#constants: the default screen type is Events. */
export const defaultScreenType: ScreenType = 'Events';

/** The part of a category the rules look at (contract/categories.ts `Category` fits). */
export interface CategoryRef {
  id: number;
  subcategories: readonly { id: number }[];
}

export interface SelectionState {
  selectedType: ScreenType;
  selectedCategoryId: number | null;
  selectedSubcategoryId: number | null;
  /** Ticked brands of the selected subcategory, in the order they were ticked. */
  selectedBrandIds: readonly number[];
}

export const initialSelection: SelectionState = Object.freeze({
  selectedType: defaultScreenType,
  selectedCategoryId: null,
  selectedSubcategoryId: null,
  selectedBrandIds: Object.freeze([]) as readonly number[],
});

// ---- the rules ----------------------------------------------------------------------------------------------------

/** The one place the subcategory changes: docs/product.md#selection "Changing the selected subcategory clears the brand selection". */
function withSubcategory(state: SelectionState, subcategoryId: number | null): SelectionState {
  if (state.selectedSubcategoryId === subcategoryId) return state;
  return { ...state, selectedSubcategoryId: subcategoryId, selectedBrandIds: initialSelection.selectedBrandIds };
}

/** docs/product.md#selection: selecting a category selects its first subcategory, or none. `null` clears both. */
export function selectCategory(state: SelectionState, category: CategoryRef | null): SelectionState {
  const next = withSubcategory(state, category?.subcategories[0]?.id ?? null);
  const categoryId = category?.id ?? null;
  return next.selectedCategoryId === categoryId ? next : { ...next, selectedCategoryId: categoryId };
}

/** Selects a subcategory (of the selected category); a change clears the brand selection. */
export function selectSubcategory(state: SelectionState, subcategoryId: number | null): SelectionState {
  return withSubcategory(state, subcategoryId);
}

/**
 * docs/product.md#selection: after categories load, keep the previous category and subcategory if they still exist; otherwise take
 * the first category and its first subcategory.
 *
 * Precisely: the previous category is kept when it is still in the list. Its subcategory is kept when it is still one
 * of that category's subcategories; otherwise (it was removed or moved away, or none was selected) the category's
 * first subcategory is taken. Without a surviving category the first category and its first subcategory are
 * selected (none when the list is empty). The brand selection survives only if the subcategory does.
 */
export function reconcileWithCategories(state: SelectionState, categories: readonly CategoryRef[]): SelectionState {
  const kept = state.selectedCategoryId === null ? undefined : categories.find((c) => c.id === state.selectedCategoryId);
  const category = kept ?? categories[0] ?? null;
  if (!category) return selectCategory(state, null);
  const subcategoryStillThere =
    kept !== undefined && state.selectedSubcategoryId !== null && kept.subcategories.some((s) => s.id === state.selectedSubcategoryId);
  return subcategoryStillThere ? state : selectCategory(state, category);
}

/**
 * Takes back the category and subcategory an operator had chosen in an earlier session; the next load of the
 * categories keeps them if they still exist (`reconcileWithCategories`), else falls back as docs/product.md#selection says.
 */
export function restoreChoice(state: SelectionState, choice: { categoryId: number | null; subcategoryId: number | null }): SelectionState {
  if (state.selectedCategoryId === choice.categoryId && state.selectedSubcategoryId === choice.subcategoryId) return state;
  return { ...withSubcategory(state, choice.subcategoryId), selectedCategoryId: choice.categoryId };
}

/** docs/product.md#selection: set on entering a screen. */
export function setScreenType(state: SelectionState, type: ScreenType): SelectionState {
  return state.selectedType === type ? state : { ...state, selectedType: type };
}

export function toggleBrand(state: SelectionState, brandId: number): SelectionState {
  const selected = state.selectedBrandIds.includes(brandId);
  return setBrandSelected(state, brandId, !selected);
}

export function setBrandSelected(state: SelectionState, brandId: number, selected: boolean): SelectionState {
  const has = state.selectedBrandIds.includes(brandId);
  if (has === selected) return state;
  return {
    ...state,
    selectedBrandIds: selected ? [...state.selectedBrandIds, brandId] : state.selectedBrandIds.filter((id) => id !== brandId),
  };
}

/** Deselects the given brands (docs/product.md#selection: a brand that goes In Progress is auto-deselected). */
export function deselectBrands(state: SelectionState, brandIds: Iterable<number>): SelectionState {
  const drop = new Set(brandIds);
  const rest = state.selectedBrandIds.filter((id) => !drop.has(id));
  return rest.length === state.selectedBrandIds.length ? state : { ...state, selectedBrandIds: rest };
}

export function clearBrands(state: SelectionState): SelectionState {
  return state.selectedBrandIds.length === 0 ? state : { ...state, selectedBrandIds: initialSelection.selectedBrandIds };
}

// ---- the store ----------------------------------------------------------------------------------------------------

export interface SelectionActions {
  selectCategory: (category: CategoryRef | null) => void;
  selectSubcategory: (subcategoryId: number | null) => void;
  reconcileWithCategories: (categories: readonly CategoryRef[]) => void;
  restoreChoice: (choice: { categoryId: number | null; subcategoryId: number | null }) => void;
  setScreenType: (type: ScreenType) => void;
  toggleBrand: (brandId: number) => void;
  setBrandSelected: (brandId: number, selected: boolean) => void;
  deselectBrands: (brandIds: Iterable<number>) => void;
  clearBrands: () => void;
  /** Back to the initial selection (sign-out, tests). */
  reset: () => void;
}

export type SelectionStore = SelectionState & SelectionActions;

/** Applies a pure rule to the data part of the store; an unchanged state does not notify subscribers. */
function pick(store: SelectionStore): SelectionState {
  return {
    selectedType: store.selectedType,
    selectedCategoryId: store.selectedCategoryId,
    selectedSubcategoryId: store.selectedSubcategoryId,
    selectedBrandIds: store.selectedBrandIds,
  };
}

export const useSelection = create<SelectionStore>()((set, get) => {
  const apply = (rule: (state: SelectionState) => SelectionState) => {
    const before = pick(get());
    const after = rule(before);
    if (after !== before) set(after);
  };
  return {
    ...initialSelection,
    selectCategory: (category) => apply((s) => selectCategory(s, category)),
    selectSubcategory: (id) => apply((s) => selectSubcategory(s, id)),
    reconcileWithCategories: (categories) => apply((s) => reconcileWithCategories(s, categories)),
    restoreChoice: (choice) => apply((s) => restoreChoice(s, choice)),
    setScreenType: (type) => apply((s) => setScreenType(s, type)),
    toggleBrand: (id) => apply((s) => toggleBrand(s, id)),
    setBrandSelected: (id, selected) => apply((s) => setBrandSelected(s, id, selected)),
    deselectBrands: (ids) => apply((s) => deselectBrands(s, ids)),
    clearBrands: () => apply(clearBrands),
    reset: () => set({ ...initialSelection }),
  };
});

/** The selection actions, for code outside React (sign-out, realtime bindings). */
export const selectionActions = (): SelectionActions => useSelection.getState();
