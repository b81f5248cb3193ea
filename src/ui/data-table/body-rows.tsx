import type { RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect } from 'react';
import type { BodyItems } from './body-items';
import { BodyRow, LoadingMoreRow, SpacerRow } from './body-row';
import type { BodyProps } from './props';

export type RowsProps<TData extends RowData> = BodyProps<TData> & { items: BodyItems<TData> };

/** Only the rows in view plus a margin are in the DOM; spacer rows keep the scroll height. */
export function VirtualRows<TData extends RowData>({
  items,
  scrollElement,
  estimateRowHeight = 48,
  onEndReached,
  columnCount,
  loadingMore,
  ...props
}: RowsProps<TData>) {
  // Stable callbacks: the virtualizer recomputes every row's position when they change (O(rows) per render).
  const estimateSize = useCallback(
    (index: number) => (items.isDetail(index) ? estimateRowHeight * 4 : estimateRowHeight),
    [items, estimateRowHeight],
  );
  const getScrollElement = useCallback(() => scrollElement, [scrollElement]);
  // Without flushSync a scroll's re-render is batched by React instead of forcing a synchronous render (and layout)
  // inside the scroll handler. The virtualizer is a mutable object by design; React Compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.count,
    getScrollElement,
    estimateSize,
    getItemKey: items.key,
    overscan: 8,
    useFlushSync: false,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onEndReached && items.count > 0 && lastIndex >= items.count - 5) onEndReached();
  }, [lastIndex, items.count, onEndReached]);

  const first = virtualItems[0];
  const last = virtualItems.at(-1);
  const paddingTop = first ? first.start : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;

  return (
    <tbody>
      {paddingTop > 0 ? <SpacerRow height={paddingTop} columnCount={columnCount} /> : null}
      {virtualItems.map((virtualItem) => {
        const item = items.at(virtualItem.index);
        if (!item) return null;
        return (
          <BodyRow
            key={virtualItem.key}
            {...props}
            item={item}
            columnCount={columnCount}
            measureRef={virtualizer.measureElement}
            dataIndex={virtualItem.index}
          />
        );
      })}
      {paddingBottom > 0 ? <SpacerRow height={paddingBottom} columnCount={columnCount} /> : null}
      {loadingMore ? <LoadingMoreRow columnCount={columnCount} /> : null}
    </tbody>
  );
}

/** Every row in the DOM; `onEndReached` when the box is scrolled near its end. */
export function PlainRows<TData extends RowData>({
  items,
  scrollElement,
  onEndReached,
  columnCount,
  loadingMore,
  ...props
}: RowsProps<TData>) {
  useEffect(() => {
    const element = scrollElement;
    if (!element || !onEndReached) return;
    const check = () => {
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 200) onEndReached();
    };
    check();
    element.addEventListener('scroll', check, { passive: true });
    return () => element.removeEventListener('scroll', check);
  }, [scrollElement, onEndReached, items.count]);

  return (
    <tbody>
      {Array.from({ length: items.count }, (_, index) => {
        const item = items.at(index);
        return item ? <BodyRow key={items.key(index)} {...props} item={item} columnCount={columnCount} /> : null;
      })}
      {loadingMore ? <LoadingMoreRow columnCount={columnCount} /> : null}
    </tbody>
  );
}
