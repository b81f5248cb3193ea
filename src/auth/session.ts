import { storageKeys } from '../../contract/auth';

/**
 * The signed-in session as docs/product.md#data keeps it: the bearer token (`authToken`) and the user id (`authUserId`) in
 * localStorage. Every read happens at call time, so another tab signing out is seen at the next request.
 * Storage can be unavailable (privacy modes, tests without a DOM): reads then answer "signed out".
 */
export function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function getAuthToken(): string | null {
  try {
    const token = storage()?.getItem(storageKeys.authToken);
    return token ? token : null;
  } catch {
    return null;
  }
}

export function getAuthUserId(): number | null {
  try {
    const raw = storage()?.getItem(storageKeys.authUserId);
    if (!raw) return null;
    const id = Number(raw);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** docs/product.md#access: signed in when an authToken is stored. */
export function isSignedIn(): boolean {
  return getAuthToken() !== null;
}

export function saveSession(session: { token: string; userId: number }): void {
  const store = storage();
  if (!store) throw new Error('The browser does not allow this site to store the sign-in (localStorage is unavailable).');
  store.setItem(storageKeys.authToken, session.token);
  store.setItem(storageKeys.authUserId, String(session.userId));
}

export function clearSession(): void {
  try {
    const store = storage();
    store?.removeItem(storageKeys.authToken);
    store?.removeItem(storageKeys.authUserId);
  } catch {
    // Nothing stored that could be cleared.
  }
}

/** Calls `onSignedOut` when another tab removes the token (logout elsewhere). Returns the unsubscribe. */
export function onSignedOutElsewhere(onSignedOut: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    if ((event.key === storageKeys.authToken || event.key === null) && !getAuthToken()) onSignedOut();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
