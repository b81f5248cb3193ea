import { describe, expect, it } from 'vitest';
import { modelTypes, type StatusRecord } from '../../../contract/statuses';
import { hasHistory, itemCountLabel, subcategoryActions, subcategoryEquipmentStatus } from './subcategory-model';

const status = (
  id: number,
  name: string,
  subcategory_id: number,
  updated_at: string,
  model_type: string = modelTypes.equipment,
): StatusRecord => ({
  id,
  name,
  message: `${name} message`,
  brand_id: id,
  subcategory_id,
  category_id: null,
  model_type,
  updated_at,
});

describe('subcategoryEquipmentStatus', () => {
  it('is null when no equipment generation ran for the subcategory', () => {
    expect(subcategoryEquipmentStatus(undefined, 1)).toBeNull();
    expect(subcategoryEquipmentStatus([status(1, 'Generated', 2, '2026-01-01')], 1)).toBeNull();
    expect(subcategoryEquipmentStatus([status(1, 'Generated', 1, '2026-01-01', modelTypes.brand)], 1)).toBeNull();
  });

  it('is In Progress while any brand of it is generating', () => {
    const list = [status(1, 'Generated', 1, '2026-03-01'), status(2, 'In Progress', 1, '2026-01-01')];
    expect(subcategoryEquipmentStatus(list, 1)).toEqual({ name: 'In Progress', message: 'In Progress message' });
  });

  it('is otherwise the most recently updated record', () => {
    const list = [status(1, 'Generated', 1, '2026-01-01'), status(2, 'Failed', 1, '2026-02-01'), status(3, 'Generated', 1, '2026-01-15')];
    expect(subcategoryEquipmentStatus(list, 1)?.name).toBe('Failed');
  });
});

describe('hasHistory', () => {
  it('holds with a status record or with items', () => {
    expect(hasHistory({ equipments_count: 0 }, null)).toBe(false);
    expect(hasHistory({ equipments_count: 3 }, null)).toBe(true);
    expect(hasHistory({ equipments_count: 0 }, { name: 'Failed', message: null })).toBe(true);
  });
});

describe('subcategoryActions (docs/product.md#equipments-screen, the Actions dropdown)', () => {
  it('offers everything, in order, for a subcategory with items and history on the equipments route', () => {
    expect(subcategoryActions({ hasItems: true, hasHistory: true, pathname: '/dashboard/equipments' })).toEqual([
      'view-items',
      'history',
      'generate-items',
      'view-brands',
      'change-category',
    ]);
  });

  it('offers View Items only with items and History only with history', () => {
    expect(subcategoryActions({ hasItems: false, hasHistory: false, pathname: '/dashboard/equipments/' })).toEqual([
      'generate-items',
      'view-brands',
      'change-category',
    ]);
    expect(subcategoryActions({ hasItems: false, hasHistory: true, pathname: '/dashboard/events' })).toEqual([
      'history',
      'generate-items',
      'view-brands',
      'change-category',
    ]);
  });

  it('offers Generate Items and View Brands only on the equipments and events routes', () => {
    expect(subcategoryActions({ hasItems: true, hasHistory: true, pathname: '/dashboard/brands' })).toEqual([
      'view-items',
      'history',
      'change-category',
    ]);
  });
});

describe('itemCountLabel', () => {
  it('counts models in en-US', () => {
    expect(itemCountLabel(1)).toBe('1 model');
    expect(itemCountLabel(0)).toBe('0 models');
    expect(itemCountLabel(12345)).toBe('12,345 models');
  });
});
