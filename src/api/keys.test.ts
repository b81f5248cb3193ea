import { describe, expect, it } from 'vitest';
import { isUnder, keyParams, keys } from './keys';

describe('query keys', () => {
  it('ignore undefined parameters', () => {
    expect(keys.categories.list({ subcategory_id: undefined })).toEqual(keys.categories.list());
    expect(keys.history.generation({ type: 'Events', category_id: 1, subcategory_id: undefined })).toEqual(
      keys.history.generation({ type: 'Events', category_id: 1 }),
    );
    expect(keys.brands.page(4, { q: undefined })).toEqual(keys.brands.page(4));
  });

  it('nest under their resource so a prefix invalidates them all (as TanStack Query matches a filter key)', () => {
    expect(isUnder(keys.categories.list({ category_id: 2 }), keys.categories.all)).toBe(true);
    expect(isUnder(keys.categories.withSubcategories(), keys.categories.all)).toBe(true);
    expect(isUnder(keys.brands.page(4, { sort: 'name', dir: 'desc', q: 'ab' }), keys.brands.ofSubcategory(4))).toBe(true);
    expect(isUnder(keys.events.page(2, { sort: 'start_date' }), keys.events.ofCategory(2))).toBe(true);
    expect(isUnder(keys.equipments.brands(7, { q: 'x' }), keys.equipments.brands(7))).toBe(true);
    expect(isUnder(keys.statuses.equipments({ category_id: 1 }), keys.statuses.equipments())).toBe(true);
    expect(isUnder(keys.exclusions.brands(), keys.exclusions.all)).toBe(true);
    expect(isUnder(keys.brands.detail(4), keys.brands.details)).toBe(true);
  });

  it('keep unrelated resources and scopes apart', () => {
    expect(isUnder(keys.userTokens(), keys.user())).toBe(false);
    expect(isUnder(keys.brands.detail(4), keys.brands.ofSubcategory(4))).toBe(false);
    expect(isUnder(keys.brands.page(5), keys.brands.ofSubcategory(4))).toBe(false);
    expect(isUnder(keys.events.page(3), keys.events.ofCategory(2))).toBe(false);
    expect(isUnder(keys.equipments.brands(8), keys.equipments.brands(7))).toBe(false);
  });

  it('name their parameters', () => {
    expect(keyParams(keys.brands.page(4, { sort: 'name' }))).toEqual({ subcategory_id: 4, sort: 'name' });
    expect(keyParams(keys.brands.detail(9))).toEqual({ id: 9 });
    expect(keyParams(keys.history.equipmentGeneration('Cranes'))).toEqual({ subcategory: 'Cranes' });
    expect(keyParams(keys.user())).toBeUndefined();
  });
});
