import { describe, expect, it } from 'vitest';
import { keys } from '../api/keys';
import { mapRows, mentionsSubcategory, rowsOf } from './cache-rows';
import { brandRow, equipmentRow } from '../test/catalogue-data';

describe('rows of cached answers', () => {
  const models = [equipmentRow(100, 11, 1)];
  const page = { brands: [brandRow(1, 11, { equipments: models }), brandRow(2, 11)], total: 2 };
  const infinite = { pages: [page, { brands: [brandRow(3, 11)], total: 3 }], pageParams: [0, 2] };

  it('reads lists, row collections and infinite pages, never a row own nested lists', () => {
    expect(rowsOf([{ id: 1 }, 'x', null]).map((r) => r.id)).toEqual([1]);
    expect(rowsOf(page).map((r) => r.id)).toEqual([1, 2]);
    expect(rowsOf(infinite).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(rowsOf({ exclusions: [{ id: 7 }] }).map((r) => r.id)).toEqual([7]);
    expect(rowsOf({ brands: [{ id: 1 }], equipments: [{ id: 2 }] }, ['equipments']).map((r) => r.id)).toEqual([2]);
    expect(rowsOf(undefined)).toEqual([]);
    expect(rowsOf({ tokens: 5 })).toEqual([]);
  });

  it('patches the matching rows and keeps everything else identical', () => {
    const next = mapRows(
      infinite,
      (row) => row.id === 3,
      (row) => ({ ...row, name: 'X' }),
    );
    expect(next).not.toBe(infinite);
    expect(next.pages[0]).toBe(infinite.pages[0]);
    expect(next.pages[1]!.brands[0]!.name).toBe('X');
    expect(infinite.pages[1]!.brands[0]!.name).toBe('Brand 3');
    expect(
      mapRows(
        infinite,
        (row) => row.id === 99,
        (row) => row,
      ),
    ).toBe(infinite);
    const list = [{ id: 1 }, { id: 2 }];
    expect(
      mapRows(
        list,
        (row) => row.id === 2,
        () => ({ id: 2, x: true }),
      ),
    ).toEqual([{ id: 1 }, { id: 2, x: true }]);
  });
});

describe('whether a cached query is about a subcategory', () => {
  const ids = new Set([11]);
  const names = new Set(['Sub 11']);
  const mentions = (key: readonly unknown[], data?: unknown) => mentionsSubcategory(key, data, ids, names);

  it('by the keys of keys.ts', () => {
    expect(mentions(keys.brands.page(11, { q: 'a' }))).toBe(true);
    expect(mentions(keys.brands.page(21))).toBe(false);
    expect(mentions(keys.equipments.brands(11, { q: 'x' }))).toBe(true);
    expect(mentions(keys.equipments.list({ subcategory_id: 11 }))).toBe(true);
    expect(mentions(keys.equipments.list({ subcategory: 'Sub 11' }))).toBe(true);
    expect(mentions(keys.equipments.list({ subcategory: 'Sub 21' }))).toBe(false);
    expect(mentions(keys.categories.list({ subcategory_id: 11 }))).toBe(true);
    expect(mentions(keys.categories.withSubcategories({ subcategory_id: 11 }))).toBe(true);
    expect(mentions(keys.categories.list())).toBe(false);
    // A brand's detail is keyed by the brand id, which is not a subcategory id.
    expect(mentions(keys.brands.detail(11))).toBe(false);
    expect(mentions(keys.events.page(11))).toBe(false);
  });

  it('by their rows', () => {
    expect(mentions(keys.brands.detail(4), { brand: brandRow(4, 11) })).toBe(false);
    expect(mentions(keys.brands.detail(4), brandRow(4, 11))).toBe(false);
    expect(mentions(keys.equipments.list({ brand_id: 1 }), { equipments: [equipmentRow(100, 11, 1)] })).toBe(true);
    expect(mentions(keys.equipments.list({ brand_id: 3 }), { equipments: [equipmentRow(300, 21, 3)] })).toBe(false);
  });
});
