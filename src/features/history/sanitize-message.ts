import DOMPurify from 'dompurify';

/**
 * A history message is HTML from the server (generation output, provider errors): only harmless markup is kept -
 * no scripts, event handlers, styles, forms, frames or images (a remote image would report who opened the dialog) -
 * before it is rendered (ARCHITECTURE.md "Conventions").
 */
export function sanitizeHistoryMessage(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'img'] });
}
