import { describe, expect, it } from 'vitest';
import { clampPosition, moveInGrid, type GridShape } from './grid-moves';

// A header row of 3 cells; two body rows: checkbox, name, actions with two buttons; a detail row of one cell.
const shape: GridShape = [[1, 1, 1], [1, 1, 2], [1, 1, 2], [3]];

describe('moveInGrid', () => {
  it('walks a row stop by stop, into and out of a cell of several widgets, and stops at its ends', () => {
    const start = { row: 1, cell: 0, item: 0 };
    const right = moveInGrid(shape, start, 'ArrowRight');
    expect(right).toEqual({ row: 1, cell: 1, item: 0 });
    const intoActions = moveInGrid(shape, right, 'ArrowRight');
    expect(intoActions).toEqual({ row: 1, cell: 2, item: 0 });
    const secondWidget = moveInGrid(shape, intoActions, 'ArrowRight');
    expect(secondWidget).toEqual({ row: 1, cell: 2, item: 1 });
    expect(moveInGrid(shape, secondWidget, 'ArrowRight')).toEqual(secondWidget);
    expect(moveInGrid(shape, start, 'ArrowLeft')).toEqual(start);
  });

  it('keeps the cell going up and down, the nearest cell and stop where a row has fewer', () => {
    expect(moveInGrid(shape, { row: 1, cell: 2, item: 1 }, 'ArrowDown')).toEqual({ row: 2, cell: 2, item: 1 });
    expect(moveInGrid(shape, { row: 2, cell: 2, item: 1 }, 'ArrowDown')).toEqual({ row: 3, cell: 0, item: 1 });
    expect(moveInGrid(shape, { row: 1, cell: 1, item: 0 }, 'ArrowUp')).toEqual({ row: 0, cell: 1, item: 0 });
    expect(moveInGrid(shape, { row: 0, cell: 1, item: 0 }, 'ArrowUp')).toEqual({ row: 0, cell: 1, item: 0 });
  });

  it('goes to the ends of the row with Home and End, of the grid with Ctrl', () => {
    const here = { row: 2, cell: 1, item: 0 };
    expect(moveInGrid(shape, here, 'Home')).toEqual({ row: 2, cell: 0, item: 0 });
    expect(moveInGrid(shape, here, 'End')).toEqual({ row: 2, cell: 2, item: 1 });
    expect(moveInGrid(shape, here, 'Home', { ctrl: true })).toEqual({ row: 0, cell: 0, item: 0 });
    expect(moveInGrid(shape, here, 'End', { ctrl: true })).toEqual({ row: 3, cell: 0, item: 2 });
  });

  it('moves a page of rows, stopping at the first and last', () => {
    expect(moveInGrid(shape, { row: 1, cell: 1, item: 0 }, 'PageDown', { pageRows: 2 })).toEqual({ row: 3, cell: 0, item: 0 });
    expect(moveInGrid(shape, { row: 3, cell: 0, item: 0 }, 'PageUp', { pageRows: 10 })).toEqual({ row: 0, cell: 0, item: 0 });
  });
});

describe('clampPosition', () => {
  it('finds the place of a removed row: the row that took its place, or the one before when it was the last', () => {
    expect(clampPosition(shape, { row: 2, cell: 2, item: 1 })).toEqual({ row: 2, cell: 2, item: 1 });
    expect(clampPosition(shape.slice(0, 2), { row: 2, cell: 2, item: 1 })).toEqual({ row: 1, cell: 2, item: 1 });
    expect(clampPosition([], { row: 0, cell: 0, item: 0 })).toBeNull();
  });
});
