import { describe, expect, it } from 'vitest';
import type { Brand } from '../../contract/brands';
import { brandsList, replaceBrandInPages, type BrandsPage } from './brands';

const brand = (id: number, name = `Brand ${id}`): Brand => ({
  id,
  name,
  subcategory_id: 1,
  subcategory: { id: 1, name: 'Excavators' },
  category: { name: 'Construction' },
  seo_title: null,
  seo_description: null,
  created_at: '2026-01-01T00:00:00Z',
  equipments: [],
  logo: null,
  socials: null,
  excluded: false,
  brand_informations: [],
});

const page = (ids: number[], total: number): BrandsPage => ({ brands: ids.map((id) => brand(id)), total });

describe('brand pages', () => {
  it('knows the next offset, and when every brand is loaded', () => {
    expect(brandsList.nextOffset([])).toBe(0);
    expect(brandsList.nextOffset([page([1, 2], 5)])).toBe(2);
    expect(brandsList.nextOffset([page([1, 2], 5), page([3, 4, 5], 5)])).toBeUndefined();
    // A page that comes back empty ends the list even if the total said more (brands removed meanwhile).
    expect(brandsList.nextOffset([page([1, 2], 5), page([], 5)])).toBeUndefined();
  });

  it('flattens the loaded pages in order', () => {
    expect(brandsList.loaded({ pages: [page([1, 2], 4), page([3, 4], 4)], pageParams: [0, 2] }).map((b) => b.id)).toEqual([1, 2, 3, 4]);
    expect(brandsList.loaded(undefined)).toEqual([]);
  });

  it('replaces a brand in the page that holds it and keeps the other pages as they are', () => {
    const data = { pages: [page([1, 2], 4), page([3, 4], 4)], pageParams: [0, 2] };
    const next = replaceBrandInPages(data, brand(3, 'Renamed'))!;
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(next.pages[1]!.brands.map((b) => b.name)).toEqual(['Renamed', 'Brand 4']);
    expect(replaceBrandInPages(data, brand(99))).toBe(data);
    expect(replaceBrandInPages(undefined, brand(1))).toBeUndefined();
  });
});
