import { describe, expect, it } from 'vitest';
import { screenContext } from './screen-context';
import { tree } from '../test/catalogue-data';

describe('screen context', () => {
  it('holds the selected subcategory and every subcategory of the selected category', () => {
    const screen = screenContext({ categoryId: 1, subcategoryId: 11 }, tree, 5);
    expect([...screen.visibleSubcategoryIds].sort()).toEqual([11, 12]);
    expect(screen.userId).toBe(5);
    expect(screen.subcategoryName(21)).toBe('Sub 21');
    expect(screen.subcategoryName(99)).toBeUndefined();
    expect(screen.subcategoryIdsOf(1)).toEqual([11, 12]);
    expect(screen.subcategoryIdsOf(3)).toEqual([]);
  });

  it('knows only the selected subcategory before the tree is cached, and nothing without a selection', () => {
    expect([...screenContext({ categoryId: 1, subcategoryId: 11 }, undefined, null).visibleSubcategoryIds]).toEqual([11]);
    expect(screenContext({ categoryId: null, subcategoryId: null }, tree, null).visibleSubcategoryIds.size).toBe(0);
  });
});
