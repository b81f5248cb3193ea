import { useEffect, useRef } from 'react';

/** The triage keys (docs/product.md#review-queue): j/k move, a accept, e edit, r reject, u undo. */
export type TriageKey = 'next' | 'previous' | 'accept' | 'edit' | 'reject' | 'undo';

const keyMap: Record<string, TriageKey> = { j: 'next', k: 'previous', a: 'accept', e: 'edit', r: 'reject', u: 'undo' };

/** Whether a key press is typing or belongs to an open dialog or menu, where the triage keys stay off. */
export function isTypingOrInDialog(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/** The triage key a key press is, or null (modifiers, typing, a dialog open). */
export function triageKeyOf(event: KeyboardEvent): TriageKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  const key = keyMap[event.key];
  if (!key || isTypingOrInDialog(event.target)) return null;
  return key;
}

/** Listens for the triage keys on the document while the screen is shown. */
export function useTriageKeys(onKey: (key: TriageKey) => void) {
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const key = triageKeyOf(event);
      if (key === null) return;
      event.preventDefault();
      latest.current(key);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
