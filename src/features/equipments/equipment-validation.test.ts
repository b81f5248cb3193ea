import { describe, expect, it } from 'vitest';
import type { EquipmentDraft } from './equipment-draft';
import { checkDraft, chooseSubcategoryText, draftFieldLabels, draftFields, yearNotNumericText } from './equipment-validation';

const draft: EquipmentDraft = {
  category_id: 1,
  subcategory_id: 11,
  brand: 'Caterpillar',
  model: '320 GC',
  year: '2023',
  specifications: '',
  description: 'A mid-size crawler.',
  tags: 'crawler, mid-size',
  is_manufactured: true,
  is_brand_still_manufactured: false,
  seo_title: 'Caterpillar Excavators Catalog',
  seo_description: '',
};

describe('checkDraft: what Save checks before it sends', () => {
  it('passes a valid draft as the full row to send', () => {
    const check = checkDraft(7, draft);
    expect(check).toEqual({
      ok: true,
      body: expect.objectContaining({ id: 7, subcategory_id: 11, year: 2023, tags: ['crawler', 'mid-size'], specifications: null }),
    });
  });

  it("refuses a year out of the server's range with the server's message", () => {
    expect(checkDraft(7, { ...draft, year: '1700' })).toEqual({ ok: false, errors: { year: 'The year must be 1800 or later.' } });
    expect(checkDraft(7, { ...draft, year: '2101' })).toEqual({ ok: false, errors: { year: 'The year must be 2100 or earlier.' } });
  });

  it('accepts no year, but not a year the number input could not read (docs/product.md#editing-an-equipment-row: Year is numeric)', () => {
    expect(checkDraft(7, { ...draft, year: '' }).ok).toBe(true);
    expect(checkDraft(7, { ...draft, year: '' }, { yearUnreadable: true })).toEqual({ ok: false, errors: { year: yearNotNumericText } });
  });

  it('needs a brand and a model', () => {
    expect(checkDraft(7, { ...draft, brand: '  ', model: '' })).toEqual({
      ok: false,
      errors: { brand: 'The brand is required.', model: 'The model is required.' },
    });
  });

  it('needs a subcategory, and still checks the other fields without one', () => {
    expect(checkDraft(7, { ...draft, subcategory_id: null, year: '1500' })).toEqual({
      ok: false,
      errors: { subcategory_id: chooseSubcategoryText, year: 'The year must be 1800 or later.' },
    });
  });

  it('refuses an over-long SEO title', () => {
    const check = checkDraft(7, { ...draft, seo_title: 'x'.repeat(256) });
    expect(check).toEqual({ ok: false, errors: { seo_title: 'The text may not be longer than 255 characters.' } });
  });
});

describe("the draft's fields, from the contract", () => {
  it("are the update body's but its id, each labelled as the grids head its column", () => {
    expect([...draftFields].sort()).toEqual(Object.keys(draft).sort());
    expect(Object.keys(draftFieldLabels).sort()).toEqual([...draftFields].sort());
    expect(draftFieldLabels).toMatchObject({
      category_id: 'Category',
      subcategory_id: 'Subcategory',
      year: 'Year',
      is_brand_still_manufactured: 'Brand Active',
    });
  });
});
