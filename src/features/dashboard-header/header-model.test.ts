import { describe, expect, it } from 'vitest';
import type { Category } from '../../../contract/categories';
import { categoryMenuState, countLabel, headerTarget, headerTexts, subcategoryMenuState, targetSummary } from './header-model';

const bikes = { id: 11, name: 'Bikes', category_id: 1, status: 'Generated', brands_count: 12, equipments_count: 40 };
const helmets = { id: 12, name: 'Helmets', category_id: 1, status: 'In Progress', brands_count: 1, equipments_count: 0 };
const cycling: Category = { id: 1, name: 'Cycling', status: null, events_count: 3, subcategories: [bikes, helmets] };
const running: Category = { id: 2, name: 'Running', status: 'In Progress', events_count: 0, subcategories: [] };

describe('the texts are those of the product (docs/product.md#dashboard-header, #messages-and-errors)', () => {
  it('verbatim', () => {
    expect(headerTexts).toEqual({
      loading: 'Loading...',
      error: 'Failed to fetch categories and equipment.',
      noCategories: 'No categories available',
      selectCategoryFirst: 'Select a category first',
      noSubcategories: 'No subcategories available',
    });
  });
});

describe('category dropdown state', () => {
  it('is loading until data or an error arrives', () => {
    expect(categoryMenuState({ data: undefined, isError: false }, null)).toEqual({ kind: 'loading' });
  });

  it('is the error when the first load failed', () => {
    expect(categoryMenuState({ data: undefined, isError: true }, null)).toEqual({ kind: 'error' });
  });

  it('keeps showing cached categories when a refetch failed', () => {
    expect(categoryMenuState({ data: { categories: [cycling] }, isError: true }, 1).kind).toBe('ready');
  });

  it('is empty when there are no categories', () => {
    expect(categoryMenuState({ data: { categories: [] }, isError: false }, null)).toEqual({ kind: 'empty' });
  });

  it('is ready with the selected category resolved from the data', () => {
    const s = categoryMenuState({ data: { categories: [cycling, running] }, isError: false }, 2);
    expect(s).toEqual({ kind: 'ready', categories: [cycling, running], selected: running });
    expect(categoryMenuState({ data: { categories: [cycling] }, isError: false }, 99)).toMatchObject({ selected: undefined });
  });
});

describe('subcategory dropdown state', () => {
  it('is hidden for the Events type', () => {
    expect(subcategoryMenuState('Events', cycling, 11)).toEqual({ kind: 'hidden' });
  });

  it('asks for a category first', () => {
    expect(subcategoryMenuState('Equipments', undefined, null)).toEqual({ kind: 'no-category' });
  });

  it('says there are none for a category without subcategories', () => {
    expect(subcategoryMenuState('Equipments', running, null)).toEqual({ kind: 'empty', category: running });
  });

  it('lists the category subcategories with the selected one', () => {
    expect(subcategoryMenuState('Equipments', cycling, 12)).toMatchObject({ kind: 'ready', selected: helmets });
  });
});

describe('History/Regenerate target and the count badge', () => {
  it('Events: the selected category and its events count', () => {
    const target = headerTarget('Events', cycling, bikes);
    expect(target).toEqual({ type: 'Events', category: cycling });
    expect(targetSummary(target!)).toEqual({ count: 3, unit: 'event', inProgress: false });
  });

  it('Equipments: the selected subcategory and its brands count', () => {
    const target = headerTarget('Equipments', cycling, bikes);
    expect(target).toEqual({ type: 'Equipments', category: cycling, subcategory: bikes });
    expect(targetSummary(target!)).toEqual({ count: 12, unit: 'brand', inProgress: false });
  });

  it('nothing to act on without the selection the type needs', () => {
    expect(headerTarget('Events', undefined, undefined)).toBeNull();
    expect(headerTarget('Equipments', cycling, undefined)).toBeNull();
    expect(headerTarget('Equipments', undefined, bikes)).toBeNull();
  });

  it('In Progress of the subcategory (Equipments) or the category (Events) shows the spinner', () => {
    expect(targetSummary(headerTarget('Equipments', cycling, helmets)!).inProgress).toBe(true);
    expect(targetSummary(headerTarget('Events', running, undefined)!).inProgress).toBe(true);
    // The category's own status does not matter for Equipments, nor the subcategory's for Events.
    expect(targetSummary(headerTarget('Equipments', running, bikes)!).inProgress).toBe(false);
    expect(targetSummary(headerTarget('Events', cycling, helmets)!).inProgress).toBe(false);
  });

  it('labels the count with its unit and thousands separators', () => {
    expect(countLabel({ count: 1, unit: 'brand' })).toBe('1 brand');
    expect(countLabel({ count: 0, unit: 'event' })).toBe('0 events');
    expect(countLabel({ count: 12_345, unit: 'brand' })).toBe('12,345 brands');
  });
});
