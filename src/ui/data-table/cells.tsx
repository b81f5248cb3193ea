import { useCallback, useState } from 'react';
import { Tip } from '../tooltip';
import { formatUtcDateTime } from './format';

/**
 * One ResizeObserver for every truncated text of every grid (a virtualised grid mounts and unmounts them as it
 * scrolls): each says whether its text is cut, again when its column is made wider or narrower.
 */
const watched = new WeakMap<Element, () => void>();
let observer: ResizeObserver | undefined;
function watch(element: Element, measure: () => void): () => void {
  observer ??= new ResizeObserver((entries) => entries.forEach((entry) => watched.get(entry.target)?.()));
  watched.set(element, measure);
  observer.observe(element);
  return () => {
    watched.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * A long text in a grid cell (docs/product.md#grids): two lines at most. When it is cut, it can take the focus and shows
 * the whole text on hover or focus (a tip, which is also its description); the whole text is in the DOM either way.
 */
export function TruncatedText({ text }: { text: string }) {
  const [cut, setCut] = useState(false);
  // Measured by the observer's first notification, which comes after the browser's own layout and before the paint:
  // measuring here, in React's commit, forced a layout for every cell a scrolling grid mounted (a fifth of the
  // scroll's CPU at 20,000 brands).
  const ref = useCallback((element: HTMLSpanElement | null) => {
    if (!element) return;
    return watch(element, () => setCut(element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1));
  }, []);
  const span = (
    <span ref={ref} className="data-table__clamp" tabIndex={cut ? 0 : undefined} data-truncated={cut || undefined}>
      {text}
    </span>
  );
  return cut ? <Tip content={<span className="data-table__tip">{text}</span>}>{span}</Tip> : span;
}

/** A long text cell: two lines at most, the whole text on hover and focus; an em dash (read "None") when empty. */
export function TextCell({ value, clamp = true }: { value: string | null | undefined; clamp?: boolean }) {
  if (value == null || value.trim() === '') return <EmptyCell />;
  return clamp ? <TruncatedText text={value} /> : <span>{value}</span>;
}

export function EmptyCell() {
  return (
    <span className="data-table__muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

/** A timestamp in UTC, en-US ('Oct 1, 2026, 09:30 AM'), as a `<time>`. */
export function DateTimeCell({ value }: { value: string | null | undefined }) {
  if (!value) return <EmptyCell />;
  return (
    <time dateTime={value} title={`${formatUtcDateTime(value)} UTC`}>
      {formatUtcDateTime(value)}
    </time>
  );
}
