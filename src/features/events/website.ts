/**
 * An event's website as a link target: only http(s) URLs (a `javascript:` or `data:` text from generated content must
 * never become a link). A bare host ("example.com/expo") is read as https. Anything else: null (shown as text).
 */
export function safeWebsiteUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : /^[\w-]+(\.[\w-]+)+([/?#]|$)/.test(text) ? `https://${text}` : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The link's text: the address without its scheme and trailing slash. */
export function websiteLabel(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}
