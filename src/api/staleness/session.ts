import { nothing, type MutationEntries } from './entry';

/** Signing in and out: the cache is cleared instead (src/features/login/login-screen.tsx, src/auth/sign-out.ts). */
export const sessionMutations = {
  'auth.login': nothing, // the login screen clears the whole cache: nothing of a previous session may show
  'auth.logout': nothing, // sign-out clears the whole cache
} satisfies MutationEntries;
