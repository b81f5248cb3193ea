import type { RowData } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import type { DataTable } from './use-data-table';

/**
 * The grid's scroll box. State, not a ref: the virtualizer needs a render once the box exists (its rows mount before
 * the box's ref is attached, so with cached data nothing else would render them again). A new order or filter
 * scrolls it back to the top.
 */
export function useScrollBox<TData extends RowData>(table: DataTable<TData>) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // The visible width of the scroll box, for the parts of the body that span every column (detail panels, empty and
  // error texts): they stay in view at the left while a wide grid is scrolled (written as a CSS variable, no render).
  useEffect(() => {
    if (!scrollElement) return;
    const observer = new ResizeObserver(() => scrollElement.style.setProperty('--data-table-view', `${scrollElement.clientWidth}px`));
    observer.observe(scrollElement);
    return () => observer.disconnect();
  }, [scrollElement]);

  const { sorting, globalFilter } = table.state;
  useEffect(() => {
    scrollElement?.scrollTo({ top: 0 });
  }, [scrollElement, sorting, globalFilter]);

  return { scrollElement, setScrollElement };
}
