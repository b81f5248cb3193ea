/**
 * The operator's colour theme (docs/product.md#dashboard-header): the system's (prefers-color-scheme), or Light or Dark chosen in the
 * account menu and remembered in the browser by a cookie. The server reads the cookie and writes `data-theme` into
 * index.html, so the page is painted in the chosen theme from its first frame without a script (the CSP allows no
 * inline one) and without any JavaScript on the login route.
 */
export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

export const themeCookieName = 'theme';

/** How long the browser keeps the choice (Chromium caps a cookie's life at 400 days). */
export const themeCookieMaxAgeSeconds = 400 * 24 * 60 * 60;

/** The theme a Cookie header (or `document.cookie`) carries: 'system' without a valid one. */
export function themeFromCookies(cookies: string | undefined): ThemeChoice {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === themeCookieName && (value === 'light' || value === 'dark')) return value;
  }
  return 'system';
}
