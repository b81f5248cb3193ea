import { useEffect, useRef } from 'react';

/**
 * Asks for the next page when the element comes into view (the queue loads more as the operator scrolls, as the
 * grids do); the element itself stays a button for the keyboard.
 */
export function useLoadOnSight<E extends HTMLElement>(enabled: boolean, load: () => void) {
  const element = useRef<E>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const target = element.current;
    if (!enabled || !target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled]);
  return element;
}
