import { describe, expect, it } from 'vitest';
import type { Equipment } from '../../contract/equipments';
import { equipmentsPageSize, nextEquipmentsPage, replaceEquipmentInList } from './equipments';

const item = (id: number, model = `M${id}`): Equipment => ({
  id,
  category_id: 1,
  subcategory_id: 1,
  category: 'C',
  subcategory: 'S',
  brand_id: null,
  brand: 'B',
  model,
  year: null,
  specifications: null,
  description: null,
  tags: [],
  is_manufactured: true,
  is_brand_still_manufactured: true,
  seo_title: null,
  seo_description: null,
  excluded: false,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('replaceEquipmentInList', () => {
  it("puts the server's row in place in the pages of an infinite list", () => {
    const data = { pages: [{ equipments: [item(1), item(2)] }, { equipments: [item(3)] }], pageParams: [0, 2] };
    const next = replaceEquipmentInList(data, item(3, 'saved'));
    expect(next.pages[1]?.equipments[0]?.model).toBe('saved');
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(next.pageParams).toBe(data.pageParams);
  });

  it('patches a plain page too', () => {
    const page = { equipments: [item(1), item(2)], total: 2 };
    expect(replaceEquipmentInList(page, item(2, 'saved')).equipments.map((e) => e.model)).toEqual(['M1', 'saved']);
  });

  it('leaves lists without the row, and other data under the key, untouched', () => {
    const page = { equipments: [item(1)] };
    expect(replaceEquipmentInList(page, item(9))).toBe(page);
    const brands = [{ id: 1, name: 'Caterpillar', status: null }];
    expect(replaceEquipmentInList(brands, item(1))).toBe(brands);
    expect(replaceEquipmentInList(undefined, item(1))).toBeUndefined();
  });
});

describe('nextEquipmentsPage', () => {
  const full = () => ({ equipments: Array.from({ length: equipmentsPageSize }, (_, i) => item(i)) });

  it('asks from the start first', () => {
    expect(nextEquipmentsPage([])).toEqual({ offset: 0 });
  });

  it("follows the server's cursor, and stops where it has none", () => {
    expect(nextEquipmentsPage([{ ...full(), total: 999, next_cursor: '["Volvo","EC220",42]' }])).toEqual({ after: '["Volvo","EC220",42]' });
    expect(nextEquipmentsPage([{ ...full(), total: 999, next_cursor: null }])).toBeUndefined();
  });

  it('without cursors, follows the total when the server gives one', () => {
    expect(nextEquipmentsPage([{ ...full(), total: equipmentsPageSize + 1 }])).toEqual({ offset: equipmentsPageSize });
    expect(nextEquipmentsPage([{ ...full(), total: equipmentsPageSize }])).toBeUndefined();
  });

  it('otherwise stops after a short page', () => {
    expect(nextEquipmentsPage([full()])).toEqual({ offset: equipmentsPageSize });
    expect(nextEquipmentsPage([full(), { equipments: [item(1)] }])).toBeUndefined();
  });
});
