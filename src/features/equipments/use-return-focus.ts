import { useEffect, useRef } from 'react';

/**
 * Puts the focus back on `target` when `active` turns false (an inline editor closing returns the focus to the
 * button that opened it, which was not in the DOM while editing).
 */
export function useReturnFocus<T extends HTMLElement>(active: boolean) {
  const target = useRef<T>(null);
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) target.current?.focus();
    wasActive.current = active;
  }, [active]);
  return target;
}
