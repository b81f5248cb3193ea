import type { RowData } from '@tanstack/react-table';
import { useEffect, useLayoutEffect, useState } from 'react';
import { gridSpaceOf } from './scope-columns';
import type { DataTable } from './use-data-table';

/**
 * The grid's scroll box. State, not a ref: the virtualizer needs a render once the box exists (its rows mount before
 * the box's ref is attached, so with cached data nothing else would render them again). A new order or filter
 * scrolls it back to the top.
 */
export function useScrollBox<TData extends RowData>(table: DataTable<TData>) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // The visible width of the scroll box, measured at once (before the first paint) and whenever it changes: for the
  // parts of the body that span every column (detail panels, empty and error texts), which stay in view at the left
  // while a wide grid is scrolled (a CSS variable, no render), and for the table's scope columns, which yield when
  // the box is short of space (docs/decisions/0023-scope-columns-yield-to-decision-columns.md).
  useLayoutEffect(() => {
    if (!scrollElement) return;
    const report = () => {
      scrollElement.style.setProperty('--data-table-view', `${scrollElement.clientWidth}px`);
      gridSpaceOf(table)?.setBoxWidth(Math.round(scrollElement.clientWidth));
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(scrollElement);
    return () => observer.disconnect();
  }, [scrollElement, table]);

  const { sorting, globalFilter } = table.state;
  useEffect(() => {
    scrollElement?.scrollTo({ top: 0 });
  }, [scrollElement, sorting, globalFilter]);

  return { scrollElement, setScrollElement };
}
