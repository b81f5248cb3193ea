import { create } from 'zustand';
import { themeCookieMaxAgeSeconds, themeCookieName, themeFromCookies, type ThemeChoice } from '../../contract/theme';

/**
 * The colour theme the operator chose (contract/theme.ts): System follows prefers-color-scheme through the CSS
 * alone; Light and Dark set `data-theme` on <html> (src/styles.css gives it the colour scheme) and are remembered
 * in a cookie, which the server reads to write the same attribute into the next page it serves, before first paint.
 * Loaded with the account menu, so the login route carries none of it.
 */
interface ThemeState {
  choice: ThemeChoice;
  choose: (choice: ThemeChoice) => void;
}

function rememberedChoice(): ThemeChoice {
  return typeof document === 'undefined' ? 'system' : themeFromCookies(document.cookie);
}

/** Puts the choice on the page and into the cookie (System forgets the cookie). */
function applyTheme(choice: ThemeChoice, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  if (choice === 'system') {
    delete doc.documentElement.dataset.theme;
    doc.cookie = `${themeCookieName}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  } else {
    doc.documentElement.dataset.theme = choice;
    doc.cookie = `${themeCookieName}=${choice}; Path=/; Max-Age=${themeCookieMaxAgeSeconds}; SameSite=Lax${secure}`;
  }
}

export const useTheme = create<ThemeState>((set) => ({
  choice: rememberedChoice(),
  choose: (choice) => {
    applyTheme(choice);
    set({ choice });
  },
}));
