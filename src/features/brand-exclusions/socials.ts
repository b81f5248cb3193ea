import { social, type Social } from '../../../contract/brands';

/** A social link that is safe to render: a known network and an http(s) address. */
export type SocialLink = Social;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A brand's socials arrive as JSON text of `[{ type, url }]` (docs/product.md#data). Malformed text, a non-list, unknown networks
 * and non-http(s) addresses (e.g. `javascript:`) give no link; the valid items of a partly valid list are kept.
 */
export function parseSocials(text: string | null | undefined): SocialLink[] {
  if (text == null || text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const links: SocialLink[] = [];
  for (const item of value) {
    const parsed = social.safeParse(item);
    if (parsed.success && isHttpUrl(parsed.data.url.trim())) links.push({ type: parsed.data.type, url: parsed.data.url.trim() });
  }
  return links;
}
