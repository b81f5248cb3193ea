import DOMPurify from 'dompurify';

/** A run's HTML message as plain text, for a badge's hover text. */
export function runMessageText(html: string | null): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [], KEEP_CONTENT: true }).replace(/\s+/g, ' ').trim();
}
