import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearBrands,
  defaultScreenType,
  deselectBrands,
  initialSelection,
  reconcileWithCategories,
  restoreChoice,
  selectCategory,
  selectSubcategory,
  setBrandSelected,
  setScreenType,
  toggleBrand,
  useSelection,
  type CategoryRef,
  type SelectionState,
} from './selection';

const cycling: CategoryRef = { id: 1, subcategories: [{ id: 11 }, { id: 12 }] };
const running: CategoryRef = { id: 2, subcategories: [{ id: 21 }] };
const empty: CategoryRef = { id: 3, subcategories: [] };

function state(partial: Partial<SelectionState> = {}): SelectionState {
  return { ...initialSelection, ...partial };
}

afterEach(() => useSelection.getState().reset());

describe('a remembered choice (docs/product.md#selection)', () => {
  it('is taken back, dropping ticked brands, and kept by the next categories load while it exists', () => {
    const restored = restoreChoice(state({ selectedCategoryId: 1, selectedSubcategoryId: 11, selectedBrandIds: [5] }), {
      categoryId: 1,
      subcategoryId: 12,
    });
    expect(restored).toEqual(state({ selectedCategoryId: 1, selectedSubcategoryId: 12 }));
    expect(reconcileWithCategories(restored, [cycling, running])).toBe(restored);
  });

  it('that no longer exists falls back as docs/product.md#selection says', () => {
    const restored = restoreChoice(state(), { categoryId: 1, subcategoryId: 99 });
    expect(reconcileWithCategories(restored, [cycling, running])).toEqual(state({ selectedCategoryId: 1, selectedSubcategoryId: 11 }));
    expect(reconcileWithCategories(restoreChoice(state(), { categoryId: 9, subcategoryId: 91 }), [running])).toEqual(
      state({ selectedCategoryId: 2, selectedSubcategoryId: 21 }),
    );
  });

  it('equal to the current one changes nothing', () => {
    const current = state({ selectedCategoryId: 2, selectedSubcategoryId: 21, selectedBrandIds: [7] });
    expect(restoreChoice(current, { categoryId: 2, subcategoryId: 21 })).toBe(current);
  });
});

describe('Screen type (docs/product.md#selection)', () => {
  it('defaults to Events', () => {
    expect(defaultScreenType).toBe('Events');
    expect(initialSelection.selectedType).toBe('Events');
    expect(useSelection.getState().selectedType).toBe('Events');
  });

  it('is set by a screen on entry, and leaves the rest of the selection alone', () => {
    const before = state({ selectedCategoryId: 1, selectedSubcategoryId: 11, selectedBrandIds: [5] });
    const after = setScreenType(before, 'Equipments');
    expect(after).toEqual({ ...before, selectedType: 'Equipments' });
    expect(setScreenType(after, 'Events').selectedType).toBe('Events');
  });

  it('setting the same type again changes nothing', () => {
    const s = state({ selectedType: 'Equipments' });
    expect(setScreenType(s, 'Equipments')).toBe(s);
  });
});

describe('selecting a category (docs/product.md#selection)', () => {
  it('selects it and its first subcategory', () => {
    expect(selectCategory(state(), cycling)).toMatchObject({ selectedCategoryId: 1, selectedSubcategoryId: 11 });
  });

  it('selects no subcategory when the category has none', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 12 });
    expect(selectCategory(s, empty)).toMatchObject({ selectedCategoryId: 3, selectedSubcategoryId: null });
  });

  it('moves to the first subcategory even when re-selecting the current category', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 12 });
    expect(selectCategory(s, cycling)).toMatchObject({ selectedCategoryId: 1, selectedSubcategoryId: 11 });
  });

  it('clears the brand selection because the subcategory changes', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 12, selectedBrandIds: [4, 5] });
    expect(selectCategory(s, running).selectedBrandIds).toEqual([]);
  });

  it('keeps the brand selection when the subcategory stays the same', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 11, selectedBrandIds: [4] });
    expect(selectCategory(s, cycling)).toBe(s);
  });

  it('null clears category and subcategory', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 11, selectedBrandIds: [4] });
    expect(selectCategory(s, null)).toMatchObject({ selectedCategoryId: null, selectedSubcategoryId: null, selectedBrandIds: [] });
  });

  it('keeps the screen type', () => {
    expect(selectCategory(state({ selectedType: 'Equipments' }), cycling).selectedType).toBe('Equipments');
  });
});

describe('changing the subcategory (docs/product.md#selection)', () => {
  it('clears the brand selection', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 11, selectedBrandIds: [4, 5] });
    expect(selectSubcategory(s, 12)).toMatchObject({ selectedSubcategoryId: 12, selectedBrandIds: [] });
  });

  it('to the same subcategory keeps the brand selection', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 11, selectedBrandIds: [4, 5] });
    expect(selectSubcategory(s, 11)).toBe(s);
  });

  it('to none clears the brand selection too', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 11, selectedBrandIds: [4] });
    expect(selectSubcategory(s, null)).toMatchObject({ selectedSubcategoryId: null, selectedBrandIds: [] });
  });

  it('holds for any sequence of selections (property)', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('category' as const), index: fc.integer({ min: 0, max: 2 }) }),
      fc.record({ kind: fc.constant('subcategory' as const), id: fc.constantFrom(11, 12, 21, null) }),
      fc.record({ kind: fc.constant('brand' as const), id: fc.integer({ min: 1, max: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let s = state();
        for (const a of actions) {
          const before = s;
          if (a.kind === 'category') s = selectCategory(s, [cycling, running, empty][a.index] ?? null);
          else if (a.kind === 'subcategory') s = selectSubcategory(s, a.id);
          else s = toggleBrand(s, a.id);
          if (s.selectedSubcategoryId !== before.selectedSubcategoryId) expect(s.selectedBrandIds).toEqual([]);
          expect(new Set(s.selectedBrandIds).size).toBe(s.selectedBrandIds.length);
        }
      }),
    );
  });
});

describe('after categories load (docs/product.md#selection)', () => {
  it('takes the first category and its first subcategory when nothing was selected', () => {
    expect(reconcileWithCategories(state(), [running, cycling])).toMatchObject({
      selectedCategoryId: 2,
      selectedSubcategoryId: 21,
    });
  });

  it('keeps the previous category and subcategory when they still exist', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 12, selectedBrandIds: [7] });
    expect(reconcileWithCategories(s, [running, cycling])).toBe(s);
  });

  it('keeps them when the reloaded tree is a new object with the same ids', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 12, selectedBrandIds: [7] });
    const reloaded: CategoryRef[] = [structuredClone(running), structuredClone(cycling)];
    expect(reconcileWithCategories(s, reloaded)).toBe(s);
  });

  it('takes the first category and its first subcategory when the previous category is gone', () => {
    const s = state({ selectedCategoryId: 9, selectedSubcategoryId: 91, selectedBrandIds: [7] });
    expect(reconcileWithCategories(s, [running, cycling])).toMatchObject({
      selectedCategoryId: 2,
      selectedSubcategoryId: 21,
      selectedBrandIds: [],
    });
  });

  it('keeps the category but takes its first subcategory when the previous subcategory is gone from it', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 12, selectedBrandIds: [7] });
    const without12: CategoryRef = { id: 1, subcategories: [{ id: 11 }] };
    expect(reconcileWithCategories(s, [running, without12])).toMatchObject({
      selectedCategoryId: 1,
      selectedSubcategoryId: 11,
      selectedBrandIds: [],
    });
  });

  it('does not follow a subcategory that moved to another category', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 12 });
    const moved = [
      { id: 1, subcategories: [{ id: 11 }] },
      { id: 2, subcategories: [{ id: 21 }, { id: 12 }] },
    ];
    expect(reconcileWithCategories(s, moved)).toMatchObject({ selectedCategoryId: 1, selectedSubcategoryId: 11 });
  });

  it('picks up a first subcategory that appeared in a kept category which had none', () => {
    const s = state({ selectedCategoryId: 3, selectedSubcategoryId: null });
    expect(reconcileWithCategories(s, [running, { id: 3, subcategories: [{ id: 31 }] }])).toMatchObject({
      selectedCategoryId: 3,
      selectedSubcategoryId: 31,
    });
  });

  it('keeps a kept category without subcategories at none', () => {
    const s = state({ selectedCategoryId: 3, selectedSubcategoryId: null });
    expect(reconcileWithCategories(s, [running, empty])).toBe(s);
  });

  it('selects nothing when there are no categories', () => {
    const s = state({ selectedCategoryId: 1, selectedSubcategoryId: 11, selectedBrandIds: [3] });
    expect(reconcileWithCategories(s, [])).toMatchObject({
      selectedCategoryId: null,
      selectedSubcategoryId: null,
      selectedBrandIds: [],
    });
    expect(reconcileWithCategories(state(), [])).toEqual(state());
  });

  it('takes the first category with no subcategory when the first category has none', () => {
    expect(reconcileWithCategories(state(), [empty, cycling])).toMatchObject({
      selectedCategoryId: 3,
      selectedSubcategoryId: null,
    });
  });

  it('always ends on an existing category and one of its own subcategories (property)', () => {
    const tree = fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 6 }).chain((ids) =>
      fc.tuple(
        ...ids.map((id) =>
          fc.uniqueArray(fc.integer({ min: 100, max: 140 }), { maxLength: 4 }).map((subs) => ({
            id,
            subcategories: subs.map((s) => ({ id: s * 100 + id })),
          })),
        ),
      ),
    );
    const previous = fc.record({
      selectedCategoryId: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
      selectedSubcategoryId: fc.option(fc.integer({ min: 10_000, max: 14_020 }), { nil: null }),
    });
    fc.assert(
      fc.property(tree, previous, (categories, prev) => {
        const s = reconcileWithCategories(state(prev), categories);
        if (categories.length === 0) {
          expect(s.selectedCategoryId).toBeNull();
          expect(s.selectedSubcategoryId).toBeNull();
          return;
        }
        const category = categories.find((c) => c.id === s.selectedCategoryId);
        expect(category).toBeDefined();
        const prevCategory = categories.find((c) => c.id === prev.selectedCategoryId);
        expect(category).toBe(prevCategory ?? categories[0]);
        if (category!.subcategories.length === 0) expect(s.selectedSubcategoryId).toBeNull();
        else expect(category!.subcategories.map((x) => x.id)).toContain(s.selectedSubcategoryId);
        // Idempotent: a second reconcile with the same tree changes nothing.
        expect(reconcileWithCategories(s, categories)).toBe(s);
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
    store.reconcileWithCategories([cycling, running]);
    expect(useSelection.getState()).toMatchObject({ selectedCategoryId: 1, selectedSubcategoryId: 11 });
    store.toggleBrand(3);
    store.toggleBrand(4);
    expect(useSelection.getState().selectedBrandIds).toEqual([3, 4]);
    store.selectSubcategory(12);
    expect(useSelection.getState()).toMatchObject({ selectedSubcategoryId: 12, selectedBrandIds: [] });
    store.selectCategory(running);
    expect(useSelection.getState()).toMatchObject({ selectedCategoryId: 2, selectedSubcategoryId: 21 });
    store.setScreenType('Equipments');
    expect(useSelection.getState().selectedType).toBe('Equipments');
    store.reset();
    expect(useSelection.getState()).toMatchObject(initialSelection);
  });

  it('does not notify subscribers when a rule changes nothing', () => {
    useSelection.getState().reconcileWithCategories([cycling]);
    const listener = vi.fn();
    const unsubscribe = useSelection.subscribe(listener);
    useSelection.getState().reconcileWithCategories([structuredClone(cycling)]);
    useSelection.getState().selectSubcategory(11);
    useSelection.getState().setScreenType('Events');
    useSelection.getState().clearBrands();
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
  });
});
