import type { GridPosition, GridShape } from './grid-moves';

/**
 * The grid's focus stops as the DOM has them (docs/product.md#grids): a cell's widgets (buttons, links, checkboxes,
 * a cut text or a status that shows a tip on focus), or the cell itself when it has none. One stop of the whole grid
 * is in the page's Tab order (tabindex 0), every other is -1: the grid is one Tab stop, its arrow keys do the rest.
 */

const widgetSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not(td):not(th):not([disabled])',
].join(',');

/** Marks a cell's own tabindex as the grid's (a cell of widgets drops it). */
const cellStopAttribute = 'data-grid-cell-stop';

/** The rows that take part: header and body rows, without the spacer rows of a virtualised body. */
export function rowsOf(table: HTMLTableElement): HTMLTableRowElement[] {
  return Array.from(table.rows).filter((row) => row.getAttribute('aria-hidden') !== 'true');
}

function widgetsOf(cell: HTMLTableCellElement): HTMLElement[] {
  return Array.from(cell.querySelectorAll<HTMLElement>(widgetSelector));
}

function stopsOfCell(cell: HTMLTableCellElement): HTMLElement[] {
  const widgets = widgetsOf(cell);
  return widgets.length > 0 ? widgets : [cell];
}

export function shapeOf(rows: readonly HTMLTableRowElement[]): GridShape {
  return rows.map((row) => Array.from(row.cells, (cell) => stopsOfCell(cell).length));
}

export function stopAt(rows: readonly HTMLTableRowElement[], position: GridPosition): HTMLElement | undefined {
  const cell = rows[position.row]?.cells[position.cell];
  return cell ? stopsOfCell(cell)[position.item] : undefined;
}

/** Where a focused element is in the grid, or null when it is not one of its stops (nor inside one). */
export function positionOf(rows: readonly HTMLTableRowElement[], element: Element): GridPosition | null {
  const cell = element.closest('td, th');
  const rowElement = cell?.parentElement;
  if (!(cell instanceof HTMLTableCellElement) || !(rowElement instanceof HTMLTableRowElement)) return null;
  const row = rows.indexOf(rowElement);
  if (row < 0) return null;
  const stops = stopsOfCell(cell);
  const item = stops.findIndex((stop) => stop === element || stop.contains(element));
  return { row, cell: cell.cellIndex, item: Math.max(0, item) };
}

/** The first stop of the first body row (where Tab first enters a grid), else the header's first. */
export function firstStop(table: HTMLTableElement): HTMLElement | undefined {
  const rows = rowsOf(table);
  const firstBody = rows.findIndex((row) => row.parentElement?.tagName === 'TBODY');
  return stopAt(rows, { row: Math.max(0, firstBody), cell: 0, item: 0 });
}

/** Gives every stop of the grid tabindex -1 and `tabStop` tabindex 0; a cell of widgets is not a stop itself. */
export function applyTabStop(table: HTMLTableElement, tabStop: HTMLElement | undefined) {
  // The grid's own cells: a table inside a detail panel keeps its cells plain (its widgets are the panel's stops).
  for (const cell of Array.from(table.rows).flatMap((row) => Array.from(row.cells))) {
    if (widgetsOf(cell).length > 0) {
      if (cell.hasAttribute(cellStopAttribute)) {
        cell.removeAttribute(cellStopAttribute);
        cell.removeAttribute('tabindex');
      }
    } else {
      cell.setAttribute(cellStopAttribute, '');
      setTabIndex(cell, cell === tabStop ? 0 : -1);
    }
  }
  for (const widget of Array.from(table.querySelectorAll<HTMLElement>(widgetSelector))) {
    setTabIndex(widget, widget === tabStop ? 0 : -1);
  }
}

function setTabIndex(element: HTMLElement, value: number) {
  // Written only when it changes: the grid's observer sees its own writes.
  if (element.getAttribute('tabindex') !== String(value)) element.setAttribute('tabindex', String(value));
}

/** The element types whose own keys (typing, choosing) the grid leaves alone. */
export function takesOwnKeys(element: HTMLElement): boolean {
  if (element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(element.type);
  // A column's resize handle takes the arrow keys (it resizes).
  return element.getAttribute('role') === 'separator';
}

/** A widget that Space or Enter acts on by itself (a checkbox ticks, a button presses, a link follows). */
export function isWidget(element: HTMLElement): boolean {
  return element.matches('a[href], button, input, select, textarea, [role="button"], [role="checkbox"], [role="link"]');
}
