/** Formatting of grid values: dates in UTC, en-US (docs/product.md#brands-screen: brand history times), counts with separators. */

const utcDateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const utcDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Oct 1, 2026, 09:30 AM' in UTC; '' for a missing value, the text itself when it is not a date. */
export function formatUtcDateTime(value: string | null | undefined): string {
  const date = parse(value);
  if (!date) return value ?? '';
  return utcDateTime.format(date);
}

/** A calendar day ('2026-10-01' or a timestamp) as 'Oct 1, 2026' (UTC, so the day never shifts). */
export function formatDay(value: string | null | undefined): string {
  const date = parse(value);
  if (!date) return value ?? '';
  return utcDate.format(date);
}

const integer = new Intl.NumberFormat('en-US');

/** 20000 -> '20,000' */
export function formatCount(value: number): string {
  return integer.format(value);
}
