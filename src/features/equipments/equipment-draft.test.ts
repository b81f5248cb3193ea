import { describe, expect, it } from 'vitest';
import type { Category } from '../../../contract/categories';
import type { Equipment } from '../../../contract/equipments';
import {
  draftToBody,
  joinTags,
  seoTitleFor,
  splitTags,
  subcategoryChoices,
  toDraft,
  withCategory,
  withSubcategory,
} from './equipment-draft';

const sub = (id: number, name: string, category_id: number) => ({
  id,
  name,
  category_id,
  status: null,
  brands_count: 0,
  equipments_count: 0,
});
const categories: Category[] = [
  { id: 1, name: 'Construction', status: null, events_count: 0, subcategories: [sub(11, 'Excavators', 1), sub(12, 'Wheel Loaders', 1)] },
  { id: 2, name: 'Agriculture', status: null, events_count: 0, subcategories: [sub(21, 'Tractors', 2)] },
  { id: 3, name: 'Drones', status: null, events_count: 0, subcategories: [] },
];

const row: Equipment = {
  id: 7,
  category_id: 1,
  subcategory_id: 11,
  category: 'Construction',
  subcategory: 'Excavators',
  brand_id: 3,
  brand: 'Caterpillar',
  model: '320 GC',
  year: 2023,
  specifications: null,
  description: 'A mid-size crawler.',
  tags: ['crawler', 'mid-size'],
  is_manufactured: true,
  is_brand_still_manufactured: false,
  seo_title: 'Caterpillar 320 GC',
  seo_description: null,
  excluded: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('seoTitleFor (docs/product.md#editing-an-equipment-row)', () => {
  it('is the brand, the subcategory and the catalogue suffix', () => {
    expect(seoTitleFor('Caterpillar', 'Excavators')).toBe('Caterpillar Excavators Catalog');
  });

  it("uses 'Brand Name' when there is no brand name", () => {
    expect(seoTitleFor('', 'Tractors')).toBe('Brand Name Tractors Catalog');
    expect(seoTitleFor('   ', 'Tractors')).toBe('Brand Name Tractors Catalog');
  });

  it('trims the brand name', () => {
    expect(seoTitleFor('  JCB ', 'Wheel Loaders')).toBe('JCB Wheel Loaders Catalog');
  });

  it('keeps the model name, as the seed and the generator write it', () => {
    expect(seoTitleFor('Genelec', 'Exercise Bikes', ' 8030C ')).toBe('Genelec 8030C - Exercise Bikes Catalog');
    expect(seoTitleFor('', 'Tractors', '5075E')).toBe('Brand Name 5075E - Tractors Catalog');
    expect(seoTitleFor('JCB', 'Tractors', '  ')).toBe('JCB Tractors Catalog');
  });
});

describe('tags', () => {
  it('are shown joined by commas and read back from comma text', () => {
    expect(joinTags(['crawler', 'mid-size'])).toBe('crawler, mid-size');
    expect(splitTags(' crawler ,mid-size,, large ')).toEqual(['crawler', 'mid-size', 'large']);
    expect(splitTags('')).toEqual([]);
  });
});

describe('the row draft', () => {
  it('round-trips a row into the full update body', () => {
    expect(draftToBody(row.id, toDraft(row))).toEqual({
      id: 7,
      category_id: 1,
      subcategory_id: 11,
      brand: 'Caterpillar',
      model: '320 GC',
      year: 2023,
      specifications: null,
      description: 'A mid-size crawler.',
      tags: ['crawler', 'mid-size'],
      is_manufactured: true,
      is_brand_still_manufactured: false,
      seo_title: 'Caterpillar 320 GC',
      seo_description: null,
    });
  });

  it('sends the year as a number, and an empty year as none', () => {
    expect(draftToBody(7, { ...toDraft(row), year: '2019' })?.year).toBe(2019);
    expect(draftToBody(7, { ...toDraft(row), year: '' })?.year).toBeNull();
    expect(toDraft({ ...row, year: null }).year).toBe('');
  });

  it('changing the subcategory fills seo_title from the edited brand and model names', () => {
    const draft = withSubcategory({ ...toDraft(row), brand: 'Komatsu' }, 12, categories);
    expect(draft.subcategory_id).toBe(12);
    expect(draft.seo_title).toBe('Komatsu 320 GC - Wheel Loaders Catalog');
    expect(withSubcategory({ ...toDraft(row), brand: '' }, 12, categories).seo_title).toBe('Brand Name 320 GC - Wheel Loaders Catalog');
    expect(withSubcategory({ ...toDraft(row), model: '' }, 12, categories).seo_title).toBe('Caterpillar Wheel Loaders Catalog');
  });

  it('ignores a subcategory of another category', () => {
    const draft = toDraft(row);
    expect(withSubcategory(draft, 21, categories)).toBe(draft);
  });

  it("changing the category reloads the choices and takes the new category's first subcategory", () => {
    const draft = withCategory(toDraft(row), 2, categories);
    expect(draft.category_id).toBe(2);
    expect(subcategoryChoices(draft, categories).map((s) => s.id)).toEqual([21]);
    expect(draft.subcategory_id).toBe(21);
    expect(draft.seo_title).toBe('Caterpillar 320 GC - Tractors Catalog');
  });

  it('a category without subcategories leaves none chosen, and Save has nothing to send', () => {
    const draft = withCategory(toDraft(row), 3, categories);
    expect(draft.subcategory_id).toBeNull();
    expect(subcategoryChoices(draft, categories)).toEqual([]);
    expect(draftToBody(7, draft)).toBeNull();
  });

  it('choosing the same category again changes nothing', () => {
    const draft = toDraft(row);
    expect(withCategory(draft, 1, categories)).toBe(draft);
  });
});
