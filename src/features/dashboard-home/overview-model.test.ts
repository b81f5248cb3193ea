import { describe, expect, it } from 'vitest';
import { runProduct, runTarget, statusBreakdown } from './overview-model';

describe('statusBreakdown', () => {
  it('orders the statuses most urgent first and totals them', () => {
    expect(statusBreakdown({ Generated: 3, 'Not Generated': 10, 'In Progress': 1, Failed: 2, Paused: 4, Archived: 0 })).toEqual({
      rows: [
        { status: 'In Progress', count: 1 },
        { status: 'Failed', count: 2 },
        { status: 'Generated', count: 3 },
        { status: 'Not Generated', count: 10 },
        { status: 'Paused', count: 4 },
      ],
      total: 20,
    });
  });
  it('is empty for an empty tally', () => {
    expect(statusBreakdown({})).toEqual({ rows: [], total: 0 });
  });
});

describe('runTarget', () => {
  it('names what a run was for', () => {
    const category = { id: 1, name: 'Construction' };
    expect(runTarget({ category })).toBe('Construction');
    expect(runTarget({ category, subcategory: { id: 2, name: 'Excavators' }, brand: null })).toBe('Construction › Excavators');
    expect(runTarget({ category, subcategory: { id: 2, name: 'Excavators' }, brand: { id: 3, name: 'Komatsu' } })).toBe(
      'Construction › Excavators › Komatsu',
    );
  });
  it('calls equipment runs models', () => {
    expect(runProduct('Equipments')).toBe('Models');
    expect(runProduct('Brands')).toBe('Brands');
  });
});
