import DOMPurify from 'dompurify';

/**
 * How a history entry reads. Times in UTC, en-US, with the month abbreviated (as the brand history of SPEC 2):
 * "Mar 4, 2026, 3:07 PM UTC".
 */
const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatHistoryTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} UTC`;
}

const integer = new Intl.NumberFormat('en-US');
export function formatCount(value: number): string {
  return integer.format(value);
}

/**
 * A history message is HTML from the server (generation output, provider errors): only harmless markup is kept
 * (no scripts, event handlers, styles, forms or frames) before it is rendered (ARCHITECTURE.md "Conventions").
 */
export function sanitizeMessage(html: string | null): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}
