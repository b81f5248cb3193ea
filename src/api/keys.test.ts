import { describe, expect, it } from 'vitest';
import { keys } from './keys';

function startsWith(key: readonly unknown[], prefix: readonly unknown[]) {
  return prefix.every((part, i) => JSON.stringify(key[i]) === JSON.stringify(part));
}

describe('query keys', () => {
  it('ignore undefined parameters', () => {
    expect(keys.categories.list({ subcategory_id: undefined })).toEqual(keys.categories.list());
    expect(keys.history.generation({ type: 'Events', category_id: 1, subcategory_id: undefined })).toEqual(
      keys.history.generation({ type: 'Events', category_id: 1 }),
    );
  });

  it('nest under their resource so a prefix invalidates them all', () => {
    expect(startsWith(keys.categories.list({ category_id: 2 }), keys.categories.all)).toBe(true);
    expect(startsWith(keys.categories.withSubcategories(), keys.categories.all)).toBe(true);
    expect(startsWith(keys.brands.page(4, { sort: 'name' }), keys.brands.ofSubcategory(4))).toBe(true);
    expect(startsWith(keys.events.page(2), keys.events.ofCategory(2))).toBe(true);
    expect(startsWith(keys.statuses.equipments(), keys.statuses.all)).toBe(true);
    expect(startsWith(keys.exclusions.brands(), keys.exclusions.all)).toBe(true);
  });

  it('keep unrelated resources apart', () => {
    expect(startsWith(keys.userTokens(), keys.user())).toBe(false);
    expect(startsWith(keys.brands.detail(4), keys.brands.ofSubcategory(4))).toBe(false);
  });
});
