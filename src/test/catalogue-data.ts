import type { Brand } from '../../contract/brands';
import type { Category } from '../../contract/categories';
import type { Equipment } from '../../contract/equipments';

/** Rows shaped as contract/ answers them, for the realtime unit tests. */

export function brandRow(id: number, subcategoryId: number, overrides: Partial<Brand> = {}): Brand {
  return {
    id,
    name: `Brand ${id}`,
    subcategory_id: subcategoryId,
    subcategory: { id: subcategoryId, name: `Sub ${subcategoryId}` },
    category: { id: 1, name: 'Cat 1' },
    seo_title: null,
    seo_description: null,
    created_at: '2024-01-01T00:00:00.000Z',
    equipments_count: 0,
    equipments: [],
    logo: null,
    socials: null,
    excluded: false,
    brand_informations: [],
    status: null,
    ...overrides,
  };
}

export function equipmentRow(id: number, subcategoryId: number, brandId: number): Equipment {
  return {
    id,
    category_id: 1,
    subcategory_id: subcategoryId,
    category: 'Cat 1',
    subcategory: `Sub ${subcategoryId}`,
    brand_id: brandId,
    brand: `Brand ${brandId}`,
    model: `Model ${id}`,
    year: 2020,
    specifications: null,
    description: null,
    tags: [],
    is_manufactured: true,
    is_brand_still_manufactured: true,
    seo_title: null,
    seo_description: null,
    excluded: false,
    created_at: '2024-01-01T00:00:00.000Z',
  };
}

/** Category 1 holds subcategories 11 and 12; category 2 holds 21. */
export const tree: { categories: Category[] } = {
  categories: [
    {
      id: 1,
      name: 'Cat 1',
      status: null,
      events_count: 0,
      subcategories: [
        { id: 11, name: 'Sub 11', category_id: 1, status: null, brands_count: 2, equipments_count: 1 },
        { id: 12, name: 'Sub 12', category_id: 1, status: null, brands_count: 0, equipments_count: 0 },
      ],
    },
    {
      id: 2,
      name: 'Cat 2',
      status: null,
      events_count: 0,
      subcategories: [{ id: 21, name: 'Sub 21', category_id: 2, status: null, brands_count: 1, equipments_count: 0 }],
    },
  ],
};
