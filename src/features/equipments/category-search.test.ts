import { describe, expect, it } from 'vitest';
import { matchCategories } from './category-search';

const categories = [
  { id: 1, name: 'Construction Equipment' },
  { id: 2, name: 'Agricultural Machinery' },
  { id: 3, name: 'Medical Devices' },
  { id: 4, name: 'Audio Equipment' },
];

describe('matchCategories (docs/product.md#change-category-dialog)', () => {
  it('is a case-insensitive contains-match on the name', () => {
    expect(matchCategories(categories, 'EQUIP', null).map((c) => c.id)).toEqual([1, 4]);
    expect(matchCategories(categories, 'machin', null).map((c) => c.id)).toEqual([2]);
    expect(matchCategories(categories, 'ical dev', null).map((c) => c.id)).toEqual([3]);
  });

  it('suggests every category but the own one while the search is empty or blank', () => {
    expect(matchCategories(categories, '', null).map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(matchCategories(categories, '   ', 2).map((c) => c.id)).toEqual([1, 3, 4]);
  });

  it('ignores surrounding spaces of the search', () => {
    expect(matchCategories(categories, '  audio ', null).map((c) => c.id)).toEqual([4]);
  });

  it("never suggests the subcategory's own category", () => {
    expect(matchCategories(categories, 'equipment', 1).map((c) => c.id)).toEqual([4]);
  });

  it('finds nothing for a text no name contains', () => {
    expect(matchCategories(categories, 'zeppelin', null)).toEqual([]);
  });
});
