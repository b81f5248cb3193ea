import { formatUtcDateTime } from './format';

/** A long text cell: two lines at most, the whole text on hover; an em dash (read "None") when empty. */
export function TextCell({ value, clamp = true }: { value: string | null | undefined; clamp?: boolean }) {
  if (value == null || value.trim() === '') return <EmptyCell />;
  return (
    <span className={clamp ? 'data-table__clamp' : undefined} title={clamp ? value : undefined}>
      {value}
    </span>
  );
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
