import type { ReviewItem } from '../../../contract/review';
import { refOf } from './review-items';

/** Where the queue's focus is and goes: the current result's row, found in the DOM by its `data-ref`. */

const rowOf = (ref: string) => document.querySelector<HTMLTableRowElement>(`tr[data-ref="${CSS.escape(ref)}"]`);

/** The row's first stop (its checkbox), where j/k and a decision put the focus. */
export function stopOf(item: ReviewItem | undefined): HTMLElement | null {
  if (!item) return null;
  return rowOf(refOf(item))?.querySelector<HTMLElement>('input[type="checkbox"]') ?? null;
}

/** The result whose row holds the focus, if any. */
export function focusedRef(): string | null {
  const row = document.activeElement?.closest<HTMLTableRowElement>('tr[data-ref]');
  return row?.dataset.ref ?? null;
}

/**
 * Whether the element leaves with these results: it is in one of their rows, or it is a control that goes with them
 * (`data-leaves`: the bulk bar's buttons, gone once nothing is ticked or left to match).
 */
export function leavesWith(element: Element | null, refs: ReadonlySet<string>): boolean {
  if (!element) return false;
  if (element.closest('[data-leaves]')) return true;
  const ref = element.closest<HTMLTableRowElement>('tr[data-ref]')?.dataset.ref;
  return ref !== undefined && refs.has(ref);
}

/** The row's edit link (models), if it has one. */
export function editLinkOf(item: ReviewItem): HTMLElement | null {
  return rowOf(refOf(item))?.querySelector<HTMLElement>('[data-edit]') ?? null;
}
