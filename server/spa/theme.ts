import { themeFromCookies } from '../../contract/theme';

/**
 * index.html in the theme the browser's cookie chose (contract/theme.ts): `data-theme` on <html>, so the first
 * paint is in it with no script. Without a choice the page is left to the system's (prefers-color-scheme).
 */
export function themedIndexHtml(html: string, cookieHeader: string | undefined): string {
  const choice = themeFromCookies(cookieHeader);
  return choice === 'system' ? html : html.replace(/<html\b/i, `<html data-theme="${choice}"`);
}
