import { z } from 'zod/mini';

const origin = 'http://same-origin.invalid';

/**
 * Where the login screen may send the operator afterwards: only a relative path of this site (no scheme, no
 * `//host`, no backslash tricks), never the login screen itself. Anything else is dropped.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2_000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || url.pathname === '/login') return undefined;
  return url.pathname + url.search + url.hash;
}

/** The login route's search params (validated: `?redirect=/dashboard/events`). */
export const loginSearch = z.object({
  redirect: z.optional(z.pipe(z.unknown(), z.transform(safeRedirect))),
});

/** Where to go after signing in: the validated return path, else the brands screen (docs/product.md#screens-and-routes). */
export const afterLoginPath = '/dashboard/brands';
