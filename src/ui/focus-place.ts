/**
 * Where the focus goes when what held it leaves the page (docs/product.md#keyboard-focus-and-feedback): an action that
 * removes or moves its own list item (a subcategory moved to another category) gives the focus to the item that took
 * its place in the same list, at the same control, or to the last item when it was the last. A grid's rows have the
 * grid's own rule (src/ui/data-table/use-grid-keyboard.ts), which knows their cells.
 */

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusablesOf = (element: Element) => Array.from(element.querySelectorAll<HTMLElement>(focusableSelector));

/** Remembers the element's place in its list item (an `li`); the returned function finds it again. */
export function placeOf(element: HTMLElement): () => HTMLElement | null {
  const item = element.closest('li');
  const list = item?.parentElement;
  if (!item || !list) return () => null;
  const index = Array.from(list.children).indexOf(item);
  const controls = focusablesOf(item);
  const control = controls.indexOf(element);
  // Items differ in their controls (a View button only where there is something to view): a row's last control (its
  // Actions) is matched from the end.
  const last = control === controls.length - 1;
  return () => {
    if (!list.isConnected) return null;
    const items = Array.from(list.children);
    const taken = items[Math.min(index, items.length - 1)];
    const found = taken ? focusablesOf(taken) : [];
    return (last ? found.at(-1) : found[Math.min(Math.max(control, 0), found.length - 1)]) ?? null;
  };
}

/**
 * Focuses `target`, and should it leave the page while it still has the focus (its item removed a moment later, when
 * the change that removes it arrives), calls `refocus` to put the focus where the target was.
 */
export function focusKeepingPlace(target: HTMLElement, refocus: () => void): boolean {
  target.focus();
  // A disabled button (its action under way) takes no focus.
  if (document.activeElement !== target) return false;
  const observer = new MutationObserver(() => {
    if (target.isConnected) return;
    stop();
    if (document.activeElement === document.body || document.activeElement === null) refocus();
  });
  const onFocusOut = (event: FocusEvent) => {
    // Focus moved on to something else: nothing to keep. (A removal moves it nowhere.)
    if (event.relatedTarget !== null) stop();
  };
  const stop = () => {
    observer.disconnect();
    target.removeEventListener('focusout', onFocusOut);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  target.addEventListener('focusout', onFocusOut);
  return true;
}
