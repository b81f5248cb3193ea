import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { clampPosition, isGridMoveKey, moveInGrid, type GridPosition } from './grid-moves';
import { applyTabStop, firstStop, isWidget, positionOf, rowsOf, shapeOf, stopAt, takesOwnKeys } from './grid-stops';

/**
 * The keyboard of a grid (docs/product.md#grids, the WAI-ARIA grid pattern): the grid is one Tab stop (a roving
 * tabindex: the stop last focused, first the first row's first cell); arrows, Home/End (Ctrl: the grid's ends) and
 * Page Up/Down move between its stops; Space ticks the row, Enter opens it (its expander), Ctrl+A ticks every row
 * shown. A cell of widgets (a checkbox, buttons, a cut text with its tip) has a stop per widget; the widget's own
 * Space and Enter stay its own.
 *
 * When the focused stop leaves the page (its row removed, moved away, its checkbox disabled) the focus goes to the
 * stop that took its place: the next row's same cell, or the row before when it was the last. A dialog opened from
 * the grid whose opener is gone by the time it closes does the same through `returnFocusToGrid`.
 */

interface GridMemory {
  table: HTMLTableElement;
  /** Focuses the stop nearest where the focus last was; false when the grid is gone. */
  restore: () => boolean;
}

/** The grid the focus was last in (dialogs and floating buttons opened from it give the focus back to it). */
let lastGrid: GridMemory | null = null;

/** Focuses the grid the focus was last in, where it was (or the stop that took its place). */
export function returnFocusToGrid(): boolean {
  return lastGrid?.restore() ?? false;
}

/** Focus left for a part of the page that is not the grid's: a dialog or menu opened from it does not count. */
const overlaySelector = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]';

interface FocusMemory {
  /** The stop in the page's Tab order. */
  active?: HTMLElement;
  /** Where the focus was last in the grid; null until it has been. */
  position: GridPosition | null;
  /** The focus is in the grid, or in a dialog or menu opened from it. */
  focusWasInside: boolean;
}

export function useGridKeyboard(table: HTMLTableElement | null) {
  const memory = useRef<FocusMemory>({ position: null, focusWasInside: false });
  useEffect(() => (table ? keepTabStop(table, memory.current) : undefined), [table]);
  return useMemo(() => (table ? gridKeyHandlers(table) : {}), [table]);
}

/** Keeps the grid's one Tab stop as its rows change, and the focus in the grid when its stop leaves; returns the cleanup. */
function keepTabStop(table: HTMLTableElement, memory: FocusMemory): () => void {
  const near = () => {
    const rows = rowsOf(table);
    const position = memory.position ? clampPosition(shapeOf(rows), memory.position) : null;
    return (position && stopAt(rows, position)) || firstStop(table);
  };
  const isStop = (element: HTMLElement | undefined) => {
    if (!element?.isConnected) return false;
    const rows = rowsOf(table);
    const position = positionOf(rows, element);
    return position !== null && stopAt(rows, position) === element;
  };
  const settle = () => {
    // Until the focus has been in the grid, its stop is the first row's, wherever the rows that arrive put it.
    if (memory.position === null) {
      memory.active = firstStop(table);
      applyTabStop(table, memory.active);
      return;
    }
    if (!isStop(memory.active)) {
      // The focus is lost, or about to be: the browser moves it off an element that is no longer focusable later.
      const focusLost =
        document.activeElement === document.body || document.activeElement === null || document.activeElement === memory.active;
      memory.active = near();
      applyTabStop(table, memory.active);
      if (focusLost && memory.focusWasInside) memory.active?.focus();
      return;
    }
    applyTabStop(table, memory.active);
  };
  const grid: GridMemory = {
    table,
    restore: () => {
      const stop = table.isConnected ? near() : undefined;
      stop?.focus();
      return stop !== undefined;
    },
  };

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    if (!table.contains(target)) {
      if (!target.closest(overlaySelector)) memory.focusWasInside = false;
      return;
    }
    const rows = rowsOf(table);
    const position = positionOf(rows, target);
    if (!position) return;
    memory.focusWasInside = true;
    memory.position = position;
    lastGrid = grid;
    const stop = stopAt(rows, position);
    if (stop && stop !== memory.active) {
      memory.active = stop;
      applyTabStop(table, stop);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    const target = event.target;
    if (target instanceof Element && !table.contains(target) && !target.closest(overlaySelector)) memory.focusWasInside = false;
  };

  settle();
  const observer = new MutationObserver(settle);
  observer.observe(table, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'tabindex'] });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('pointerdown', onPointerDown, true);
    if (lastGrid === grid) lastGrid = null;
  };
}

/** Moves in the capture phase (before a menu button's own ArrowDown opens its menu); Space, Enter and Ctrl+A after the widget's own. */
function gridKeyHandlers(table: HTMLTableElement) {
  return {
    onKeyDownCapture: (event: KeyboardEvent<HTMLTableElement>) => {
      const target = event.target as HTMLElement;
      if (!isGridMoveKey(event.key) || event.altKey || event.metaKey || event.shiftKey || takesOwnKeys(target)) return;
      if (event.ctrlKey && event.key !== 'Home' && event.key !== 'End') return;
      const rows = rowsOf(table);
      const from = positionOf(rows, target);
      if (!from) return;
      event.preventDefault();
      event.stopPropagation();
      stopAt(rows, moveInGrid(shapeOf(rows), from, event.key, { ctrl: event.ctrlKey }))?.focus();
    },
    onKeyDown: (event: KeyboardEvent<HTMLTableElement>) => {
      const target = event.target as HTMLElement;
      const row = target.closest('tr');
      if (event.defaultPrevented || takesOwnKeys(target) || row?.closest('table') !== table) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
        const all = table.tHead?.querySelector<HTMLInputElement>('input[type="checkbox"]:not([disabled])');
        if (!all) return;
        event.preventDefault();
        if (!all.checked) all.click();
        return;
      }
      if (isWidget(target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const acted =
        event.key === ' '
          ? row.querySelector<HTMLElement>('input[type="checkbox"]:not([disabled])')
          : event.key === 'Enter'
            ? row.querySelector<HTMLElement>('[data-row-open], .data-table__expander')
            : null;
      if (!acted) return;
      event.preventDefault();
      acted.click();
    },
  };
}
