import { z } from 'zod/mini';
import { create } from 'zustand';
import { droppedIfBad } from '../dropped-if-bad';

/**
 * The UI selection (docs/product.md#selection): the screen type, the category and subcategory, the ticked brands.
 *
 * The category and subcategory are an address: the screens that show them carry them in their URL (`?category=3`
 * on the events screen, `?category=3&subcategory=12` on the brands and equipments screens), so a link, a reload and
 * Back show the same grid. The rules that turn an address (or the operator's remembered choice) into the selection
 * in view are the pure functions below; src/features/dashboard/screen-selection.ts applies them. What is no address
 * (the screen type, the ticked brands) is this zustand store. Ids only: the categories live in the Query cache
 * (ARCHITECTURE.md), so every rule that needs the tree takes it as an argument.
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

export interface SelectionIds {
  categoryId: number | null;
  subcategoryId: number | null;
}

export const noSelection: SelectionIds = Object.freeze({ categoryId: null, subcategoryId: null });

// ---- the selection in an address --------------------------------------------------------------------------------

/** An id as a search param: a whole number the database can hold (contract/ids.ts), else dropped. */
const selectionId = droppedIfBad(z.coerce.number().check(z.int(), z.positive(), z.lte(2 ** 31 - 1)));

/**
 * The selection in a screen's search params; a bad value is dropped, never an error page. zod/mini: the routes'
 * search schemas are in the entry chunk (docs/figures.md).
 */
export const selectionSearchSchema = z.object({ category: selectionId, subcategory: selectionId });
export type SelectionSearch = z.output<typeof selectionSearchSchema>;

/** Reads the selection's params from any search object (what does not validate is left out). */
export function readSelectionSearch(search: unknown): SelectionSearch {
  const parsed = selectionSearchSchema.safeParse(search ?? {});
  return parsed.success ? { category: parsed.data.category, subcategory: parsed.data.subcategory } : {};
}

/** The address of a selection on a screen of this type: the category alone (Events), with its subcategory (Equipments). */
export function selectionSearch(type: ScreenType, ids: SelectionIds): SelectionSearch {
  return {
    category: ids.categoryId ?? undefined,
    subcategory: type === 'Equipments' ? (ids.subcategoryId ?? undefined) : undefined,
  };
}

export function sameSelectionSearch(a: SelectionSearch, b: SelectionSearch): boolean {
  return a.category === b.category && a.subcategory === b.subcategory;
}

/** The screen in view, when its address holds the selection: its type and what its search names. */
export interface AddressedSelection {
  type: ScreenType;
  search: SelectionSearch;
}

interface RouteMatchLike {
  staticData: { screenType?: ScreenType; selectionInUrl?: boolean };
  search: unknown;
}

/** The deepest route in view whose address holds the selection (`staticData.selectionInUrl`), or null. */
export function addressedSelection(matches: readonly RouteMatchLike[]): AddressedSelection | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const { staticData, search } = matches[index]!;
    if (staticData.selectionInUrl && staticData.screenType) return { type: staticData.screenType, search: readSelectionSearch(search) };
  }
  return null;
}

// ---- the rules ----------------------------------------------------------------------------------------------------

/** docs/product.md#selection: selecting a category selects its first subcategory, or none. */
export function selectCategory(category: CategoryRef): SelectionIds {
  return { categoryId: category.id, subcategoryId: category.subcategories[0]?.id ?? null };
}

function categoryHolding(categories: readonly CategoryRef[] | undefined, subcategoryId: number | undefined): number | undefined {
  if (subcategoryId === undefined) return undefined;
  return categories?.find((category) => category.subcategories.some((s) => s.id === subcategoryId))?.id;
}

/**
 * The ids an address names, or null when it names none. A subcategory alone names its category too (from the tree,
 * once known). An address without a subcategory (the events screen's) keeps the remembered one when it is of the
 * same category, so going back to the brands shows it again.
 */
export function idsOfSearch(
  search: SelectionSearch,
  remembered: SelectionIds | null,
  categories: readonly CategoryRef[] | undefined,
): SelectionIds | null {
  if (search.category === undefined && search.subcategory === undefined) return null;
  const categoryId = search.category ?? categoryHolding(categories, search.subcategory) ?? null;
  const subcategoryId = search.subcategory ?? (remembered?.categoryId === categoryId ? remembered.subcategoryId : null);
  return { categoryId, subcategoryId };
}

/** A wanted selection as the tree has it: its category kept when it exists, its subcategory when still one of that category's. */
function keptIn(categories: readonly CategoryRef[], wanted: SelectionIds | null): SelectionIds | undefined {
  const category = wanted ? categories.find((c) => c.id === wanted.categoryId) : undefined;
  if (!wanted || !category) return undefined;
  return category.subcategories.some((s) => s.id === wanted.subcategoryId) ? wanted : selectCategory(category);
}

/**
 * docs/product.md#selection, after categories load (and after every reload: a live update, a rename, a move): the first
 * wanted selection whose category still exists (the address's, then the operator's remembered one), with its
 * subcategory while it is still one of that category's (a subcategory moved away is not followed), else the
 * category's first; without any, the first category and its first subcategory (none when there are no categories).
 */
export function resolveSelection(wanted: readonly (SelectionIds | null)[], categories: readonly CategoryRef[]): SelectionIds {
  for (const candidate of wanted) {
    const kept = keptIn(categories, candidate);
    if (kept) return kept;
  }
  return categories[0] ? selectCategory(categories[0]) : noSelection;
}

/**
 * The selection in view: what the address names on a screen that holds it, else the remembered choice, checked
 * against the tree once it is known (before, taken as it is).
 */
export function currentSelection(
  addressed: AddressedSelection | null,
  remembered: SelectionIds | null,
  categories: readonly CategoryRef[] | undefined,
): SelectionIds {
  const fromAddress = addressed ? idsOfSearch(addressed.search, remembered, categories) : null;
  if (!categories) return fromAddress ?? remembered ?? noSelection;
  return resolveSelection([fromAddress, remembered], categories);
}

// ---- what is no address: the screen type and the ticked brands ---------------------------------------------------

export interface SelectionState {
  selectedType: ScreenType;
  /** The subcategory in view when the brands were ticked: they are its brands. */
  brandsSubcategoryId: number | null;
  /** Ticked brands of that subcategory, in the order they were ticked. */
  selectedBrandIds: readonly number[];
}

export const initialSelection: SelectionState = Object.freeze({
  selectedType: defaultScreenType,
  brandsSubcategoryId: null,
  selectedBrandIds: Object.freeze([]) as readonly number[],
});

/** docs/product.md#selection: changing the selected subcategory clears the brand selection. */
export function showSubcategory(state: SelectionState, subcategoryId: number | null): SelectionState {
  if (state.brandsSubcategoryId === subcategoryId) return state;
  return { ...state, brandsSubcategoryId: subcategoryId, selectedBrandIds: initialSelection.selectedBrandIds };
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
  /** The subcategory in view (the dashboard layout reports it): a new one clears the ticked brands. */
  showSubcategory: (subcategoryId: number | null) => void;
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
  return { selectedType: store.selectedType, brandsSubcategoryId: store.brandsSubcategoryId, selectedBrandIds: store.selectedBrandIds };
}

export const useSelection = create<SelectionStore>()((set, get) => {
  const apply = (rule: (state: SelectionState) => SelectionState) => {
    const before = pick(get());
    const after = rule(before);
    if (after !== before) set(after);
  };
  return {
    ...initialSelection,
    showSubcategory: (id) => apply((s) => showSubcategory(s, id)),
    setScreenType: (type) => apply((s) => setScreenType(s, type)),
    toggleBrand: (id) => apply((s) => toggleBrand(s, id)),
    setBrandSelected: (id, selected) => apply((s) => setBrandSelected(s, id, selected)),
    deselectBrands: (ids) => apply((s) => deselectBrands(s, ids)),
    clearBrands: () => apply(clearBrands),
    reset: () => set({ ...initialSelection }),
  };
});

/** The selection actions, for code outside React (sign-out). */
export const selectionActions = (): SelectionActions => useSelection.getState();
