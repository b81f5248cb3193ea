import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReviewItem } from '../../../contract/review';
import { rangeOf, refOf } from './review-items';

/**
 * The ticked results of the queue: a click ticks one, a shift-click every result between it and the one clicked
 * before (as the first one now is), the header's box every loaded one. Results that leave the queue leave it.
 */
export function useReviewSelection(order: readonly ReviewItem[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const selectedItems = useMemo(() => order.filter((item) => selected.has(refOf(item))), [order, selected]);

  const toggle = useCallback(
    (item: ReviewItem, shift: boolean) => {
      const ref = refOf(item);
      const on = !selected.has(ref);
      const from = anchor.current === null ? -1 : order.findIndex((other) => refOf(other) === anchor.current);
      const to = order.findIndex((other) => refOf(other) === ref);
      const refs = shift && from >= 0 && to >= 0 ? rangeOf(order, from, to).map(refOf) : [ref];
      anchor.current = ref;
      setSelected((current) => {
        const next = new Set(current);
        for (const each of refs) {
          if (on) next.add(each);
          else next.delete(each);
        }
        return next;
      });
    },
    [order, selected],
  );

  const selectAll = useCallback((on: boolean) => setSelected(on ? new Set(order.map(refOf)) : new Set()), [order]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const shown = useMemo(() => new Set(selectedItems.map(refOf)), [selectedItems]);

  return {
    selected: shown,
    selectedItems,
    toggle,
    selectAll,
    clear,
    allSelected: order.length > 0 && selectedItems.length === order.length,
  };
}
