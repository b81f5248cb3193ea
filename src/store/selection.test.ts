import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addressedSelection,
  clearBrands,
  currentSelection,
  defaultScreenType,
  deselectBrands,
  idsOfSearch,
  initialSelection,
  noSelection,
  readSelectionSearch,
  resolveSelection,
  selectCategory,
  selectionSearch,
  selectionSearchSchema,
  setBrandSelected,
  setScreenType,
  showSubcategory,
  toggleBrand,
  useSelection,
  type CategoryRef,
  type SelectionIds,
  type SelectionState,
} from './selection';

const cycling: CategoryRef = { id: 1, subcategories: [{ id: 11 }, { id: 12 }] };
const running: CategoryRef = { id: 2, subcategories: [{ id: 21 }] };
const empty: CategoryRef = { id: 3, subcategories: [] };

const ids = (categoryId: number | null, subcategoryId: number | null): SelectionIds => ({ categoryId, subcategoryId });

function state(partial: Partial<SelectionState> = {}): SelectionState {
  return { ...initialSelection, ...partial };
}

afterEach(() => useSelection.getState().reset());

describe('the selection in an address', () => {
  it('is `category` and `subcategory`, whole positive ids; a bad value is dropped, never an error', () => {
    expect(selectionSearchSchema.parse({ category: '3', subcategory: 12 })).toEqual({ category: 3, subcategory: 12 });
    for (const bad of ['x', '0', '-1', '1.5', '2147483648', '']) {
      expect(selectionSearchSchema.parse({ category: bad }).category).toBeUndefined();
    }
    expect(readSelectionSearch({ q: 'a', category: 2, subcategory: 'nope' })).toEqual({ category: 2, subcategory: undefined });
    expect(readSelectionSearch(undefined)).toEqual({});
  });

  it('holds the category alone on an Events screen, the subcategory too on an Equipments screen', () => {
    expect(selectionSearch('Events', ids(1, 12))).toEqual({ category: 1, subcategory: undefined });
    expect(selectionSearch('Equipments', ids(1, 12))).toEqual({ category: 1, subcategory: 12 });
    expect(selectionSearch('Equipments', ids(3, null))).toEqual({ category: 3, subcategory: undefined });
    expect(selectionSearch('Equipments', noSelection)).toEqual({ category: undefined, subcategory: undefined });
  });

  it('is read from the deepest route in view that declares it', () => {
    const layout = { staticData: {}, search: { category: 1 } };
    const brands = {
      staticData: { screenType: 'Equipments' as const, selectionInUrl: true },
      search: { category: 1, subcategory: 12, q: 'a' },
    };
    const runs = { staticData: {}, search: { category: 1 } };
    expect(addressedSelection([layout, brands])).toEqual({ type: 'Equipments', search: { category: 1, subcategory: 12 } });
    expect(addressedSelection([layout, runs])).toBeNull();
    // A screen of a type whose address does not hold the selection (the exclusion lists).
    expect(addressedSelection([layout, { staticData: { screenType: 'Equipments' as const }, search: {} }])).toBeNull();
  });

  it('names a subcategory alone with its category, from the tree once known', () => {
    expect(idsOfSearch({ subcategory: 21 }, null, [cycling, running])).toEqual(ids(2, 21));
    expect(idsOfSearch({ subcategory: 21 }, null, undefined)).toEqual(ids(null, 21));
    expect(idsOfSearch({}, ids(1, 11), [cycling])).toBeNull();
  });

  it('without a subcategory (the events screen) keeps the remembered one of the same category', () => {
    expect(idsOfSearch({ category: 1 }, ids(1, 12), [cycling])).toEqual(ids(1, 12));
    expect(idsOfSearch({ category: 2 }, ids(1, 12), [cycling, running])).toEqual(ids(2, null));
  });
});

describe('selecting a category (docs/product.md#selection)', () => {
  it('selects it and its first subcategory, even when re-selecting the current category', () => {
    expect(selectCategory(cycling)).toEqual(ids(1, 11));
  });

  it('selects no subcategory when the category has none', () => {
    expect(selectCategory(empty)).toEqual(ids(3, null));
  });
});

describe('the selection in view, after categories load (docs/product.md#selection)', () => {
  const resolve = (wanted: SelectionIds | null, categories: readonly CategoryRef[]) => resolveSelection([wanted], categories);

  it('takes the first category and its first subcategory when nothing is wanted', () => {
    expect(resolve(null, [running, cycling])).toEqual(ids(2, 21));
  });

  it('keeps the category and subcategory when they still exist, in a reloaded tree too', () => {
    expect(resolve(ids(1, 12), [running, cycling])).toEqual(ids(1, 12));
    expect(resolve(ids(1, 12), [structuredClone(running), structuredClone(cycling)])).toEqual(ids(1, 12));
  });

  it('takes the first category and its first subcategory when the category is gone', () => {
    expect(resolve(ids(9, 91), [running, cycling])).toEqual(ids(2, 21));
  });

  it('keeps the category but takes its first subcategory when the subcategory is gone from it', () => {
    expect(resolve(ids(1, 12), [running, { id: 1, subcategories: [{ id: 11 }] }])).toEqual(ids(1, 11));
  });

  it('does not follow a subcategory that moved to another category', () => {
    const moved = [
      { id: 1, subcategories: [{ id: 11 }] },
      { id: 2, subcategories: [{ id: 21 }, { id: 12 }] },
    ];
    expect(resolve(ids(1, 12), moved)).toEqual(ids(1, 11));
  });

  it('picks up a first subcategory that appeared in a kept category which had none; keeps one without at none', () => {
    expect(resolve(ids(3, null), [running, { id: 3, subcategories: [{ id: 31 }] }])).toEqual(ids(3, 31));
    expect(resolve(ids(3, null), [running, empty])).toEqual(ids(3, null));
  });

  it('selects nothing when there are no categories; the first category without a subcategory when it has none', () => {
    expect(resolve(ids(1, 11), [])).toEqual(noSelection);
    expect(resolve(null, [empty, cycling])).toEqual(ids(3, null));
  });

  it("takes the remembered choice when the address's category no longer exists", () => {
    expect(resolveSelection([ids(9, 91), ids(2, 21)], [cycling, running])).toEqual(ids(2, 21));
    expect(resolveSelection([ids(9, 91), ids(8, 81)], [cycling, running])).toEqual(ids(1, 11));
  });

  it('always ends on an existing category and one of its own subcategories (property)', () => {
    const tree = fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 6 }).chain((categoryIds) =>
      fc.tuple(
        ...categoryIds.map((id) =>
          fc.uniqueArray(fc.integer({ min: 100, max: 140 }), { maxLength: 4 }).map((subs) => ({
            id,
            subcategories: subs.map((s) => ({ id: s * 100 + id })),
          })),
        ),
      ),
    );
    const wanted = fc.option(
      fc.record({
        categoryId: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        subcategoryId: fc.option(fc.integer({ min: 10_000, max: 14_020 }), { nil: null }),
      }),
      { nil: null },
    );
    fc.assert(
      fc.property(tree, wanted, (categories, previous) => {
        const s = resolve(previous, categories);
        if (categories.length === 0) {
          expect(s).toEqual(noSelection);
          return;
        }
        const category = categories.find((c) => c.id === s.categoryId);
        expect(category).toBe(categories.find((c) => c.id === previous?.categoryId) ?? categories[0]);
        if (category!.subcategories.length === 0) expect(s.subcategoryId).toBeNull();
        else expect(category!.subcategories.map((x) => x.id)).toContain(s.subcategoryId);
        // Idempotent: the address it makes resolves to itself.
        expect(resolve(s, categories)).toEqual(s);
      }),
    );
  });
});

describe('the selection in view (docs/product.md#selection)', () => {
  const brandsOf = (search: { category?: number; subcategory?: number }) => ({ type: 'Equipments' as const, search });

  it("is the address's on a screen that holds it, whatever the operator remembers", () => {
    expect(currentSelection(brandsOf({ category: 1, subcategory: 12 }), ids(2, 21), [cycling, running])).toEqual(ids(1, 12));
  });

  it('is the remembered choice on an address without one, or on a screen whose address does not hold it', () => {
    expect(currentSelection(brandsOf({}), ids(2, 21), [cycling, running])).toEqual(ids(2, 21));
    expect(currentSelection(null, ids(2, 21), [cycling, running])).toEqual(ids(2, 21));
    expect(currentSelection(null, null, [cycling, running])).toEqual(ids(1, 11));
  });

  it('is taken as it is while the categories load', () => {
    expect(currentSelection(brandsOf({ category: 9, subcategory: 91 }), ids(2, 21), undefined)).toEqual(ids(9, 91));
    expect(currentSelection(null, ids(2, 21), undefined)).toEqual(ids(2, 21));
    expect(currentSelection(null, null, undefined)).toEqual(noSelection);
  });
});

describe('Screen type (docs/product.md#selection)', () => {
  it('defaults to Events', () => {
    expect(defaultScreenType).toBe('Events');
    expect(initialSelection.selectedType).toBe('Events');
    expect(useSelection.getState().selectedType).toBe('Events');
  });

  it('is set by a screen on entry, and leaves the ticked brands alone', () => {
    const before = state({ brandsSubcategoryId: 11, selectedBrandIds: [5] });
    const after = setScreenType(before, 'Equipments');
    expect(after).toEqual({ ...before, selectedType: 'Equipments' });
    expect(setScreenType(after, 'Events').selectedType).toBe('Events');
  });

  it('setting the same type again changes nothing', () => {
    const s = state({ selectedType: 'Equipments' });
    expect(setScreenType(s, 'Equipments')).toBe(s);
  });
});

describe('changing the subcategory in view (docs/product.md#selection)', () => {
  it('clears the brand selection, to none too', () => {
    const s = state({ brandsSubcategoryId: 11, selectedBrandIds: [4, 5] });
    expect(showSubcategory(s, 12)).toEqual(state({ brandsSubcategoryId: 12 }));
    expect(showSubcategory(s, null)).toEqual(state({ brandsSubcategoryId: null }));
  });

  it('to the same subcategory keeps the brand selection', () => {
    const s = state({ brandsSubcategoryId: 11, selectedBrandIds: [4, 5] });
    expect(showSubcategory(s, 11)).toBe(s);
  });

  it('holds for any sequence of subcategories and ticks (property)', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('subcategory' as const), id: fc.constantFrom(11, 12, 21, null) }),
      fc.record({ kind: fc.constant('brand' as const), id: fc.integer({ min: 1, max: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let s = state();
        for (const a of actions) {
          const before = s;
          s = a.kind === 'subcategory' ? showSubcategory(s, a.id) : toggleBrand(s, a.id);
          if (s.brandsSubcategoryId !== before.brandsSubcategoryId) expect(s.selectedBrandIds).toEqual([]);
          expect(new Set(s.selectedBrandIds).size).toBe(s.selectedBrandIds.length);
        }
      }),
    );
  });
});

describe('brand selection', () => {
  it('toggles a brand on and off', () => {
    const on = toggleBrand(state(), 4);
    expect(on.selectedBrandIds).toEqual([4]);
    expect(toggleBrand(toggleBrand(on, 5), 4).selectedBrandIds).toEqual([5]);
  });

  it('sets a brand explicitly, without duplicates', () => {
    const s = setBrandSelected(setBrandSelected(state(), 4, true), 4, true);
    expect(s.selectedBrandIds).toEqual([4]);
    expect(setBrandSelected(s, 4, false).selectedBrandIds).toEqual([]);
    expect(setBrandSelected(s, 9, false)).toBe(s);
  });

  it('deselects given brands (a brand going In Progress)', () => {
    const s = state({ selectedBrandIds: [1, 2, 3] });
    expect(deselectBrands(s, [2, 9]).selectedBrandIds).toEqual([1, 3]);
    expect(deselectBrands(s, [9])).toBe(s);
  });

  it('clears', () => {
    expect(clearBrands(state({ selectedBrandIds: [1, 2] })).selectedBrandIds).toEqual([]);
    const none = state();
    expect(clearBrands(none)).toBe(none);
  });
});

describe('the store', () => {
  it('applies the rules through its actions', () => {
    const store = useSelection.getState();
    store.showSubcategory(11);
    store.toggleBrand(3);
    store.toggleBrand(4);
    expect(useSelection.getState().selectedBrandIds).toEqual([3, 4]);
    store.showSubcategory(12);
    expect(useSelection.getState()).toMatchObject({ brandsSubcategoryId: 12, selectedBrandIds: [] });
    store.setScreenType('Equipments');
    expect(useSelection.getState().selectedType).toBe('Equipments');
    store.reset();
    expect(useSelection.getState()).toMatchObject(initialSelection);
  });

  it('does not notify subscribers when a rule changes nothing', () => {
    useSelection.getState().showSubcategory(11);
    const listener = vi.fn();
    const unsubscribe = useSelection.subscribe(listener);
    useSelection.getState().showSubcategory(11);
    useSelection.getState().setScreenType('Events');
    useSelection.getState().clearBrands();
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
  });
});
