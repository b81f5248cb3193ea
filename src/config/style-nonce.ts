/**
 * The nonce the page's Content-Security-Policy allows <style> elements with: the server writes it as
 * `<meta property="csp-nonce" nonce>` (Vite's convention) into each index.html it serves. Undefined under `vite dev`.
 * Apart from the meta settings (config/meta.ts): the entry reads it, and the login route's JavaScript leaves those out.
 */
export function styleNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}
