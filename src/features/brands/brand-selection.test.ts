import { describe, expect, it } from 'vitest';
import { canSelectBrand, inProgressAmong, leaveAllMatching, rowSelectionOf, selectionChanges } from './brand-selection';

describe('row selection <-> store', () => {
  it('maps ids to the table state and back', () => {
    expect(rowSelectionOf([3, 7])).toEqual({ '3': true, '7': true });
    expect(selectionChanges({ '3': true, '7': true }, { '3': true, '9': true })).toEqual({ select: [9], deselect: [7] });
    expect(selectionChanges({}, {})).toEqual({ select: [], deselect: [] });
  });
  it('leaves "all matching" for the loaded rows still ticked that can be picked (Gmail), or nothing when the header box is cleared', () => {
    const all = rowSelectionOf([1, 2, 3, 4]);
    const { '2': _unticked, ...after } = all;
    expect(leaveAllMatching([1, 2, 3, 4], after, (id) => id !== 4)).toEqual([1, 3]);
    expect(leaveAllMatching([1, 2, 3, 4], {}, () => true)).toEqual([]);
  });
});

describe('canSelectBrand (docs/product.md#brands-screen)', () => {
  it('refuses a brand In Progress, and every brand while a generation request runs', () => {
    expect(canSelectBrand('Generated', false)).toBe(true);
    expect(canSelectBrand(null, false)).toBe(true);
    expect(canSelectBrand('In Progress', false)).toBe(false);
    expect(canSelectBrand('Generated', true)).toBe(false);
  });
});

describe('inProgressAmong (docs/product.md#brands-screen)', () => {
  it('finds the ticked brands that are In Progress', () => {
    const statuses = new Map([
      [1, 'In Progress'],
      [2, 'Generated'],
    ]);
    expect(inProgressAmong([1, 2, 3], (id) => statuses.get(id))).toEqual([1]);
    expect(inProgressAmong([], () => 'In Progress')).toEqual([]);
  });
});
