import type { KyInstance } from 'ky';
import { authApi } from '../../contract/auth';
import { requestedWithHeader } from '../../contract/http';
import { clearSession, getAuthToken } from '../auth/session';
import { keepErrorBody } from './http-errors';

/**
 * The configured ky instance every call goes through (src/api/http.ts says what it does), loaded on the first call
 * (or while the login form is idle: `preloadHttpClient`), so that ky is not part of the login route's JavaScript
 * (docs/figures.md).
 */

export type UnauthorizedHandler = () => void;

/**
 * The calls that answer once a generation has run (events, a brand's models) wait for the AI provider: the server
 * bounds that (its timeout, with two retries), so the browser waits longer than its usual 30 s.
 */
export const generationRequestTimeoutMs = 5 * 60_000;

/** Calls whose 401 is an answer for the screen, not a lost session. */
const authPaths: ReadonlySet<string> = new Set([authApi.login.path, authApi.logout.path]);

const defaultUnauthorized: UnauthorizedHandler = () => {
  if (typeof window === 'undefined') return;
  const { pathname, search, hash } = window.location;
  if (pathname === '/login') return;
  window.location.assign(`/login?redirect=${encodeURIComponent(pathname + search + hash)}`);
};

let onUnauthorized: UnauthorizedHandler = defaultUnauthorized;

function defaultBaseUrl(): string {
  if (typeof window !== 'undefined' && window.location?.origin) return window.location.origin;
  // Outside a browser (tests) a base must be configured; this one fails loudly on the first call.
  return 'http://base-url-not-configured.invalid';
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

function createClient(ky: KyInstance, baseUrl: string): KyInstance {
  return ky.create({
    prefixUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
    retry: 0,
    timeout: 30_000,
    credentials: 'same-origin',
    headers: { ...requestedWithHeader, Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = getAuthToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          else request.headers.delete('Authorization');
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          if (response.status !== 401) return;
          if (authPaths.has(new URL(request.url).pathname)) return;
          // A late answer to a request made with an older session must not sign out a newer one.
          const current = getAuthToken();
          if (current !== null && bearerOf(request) !== current) return;
          clearSession();
          onUnauthorized();
        },
      ],
      beforeError: [
        async (error) => {
          try {
            const body: unknown = await error.response.clone().json();
            const message = keepErrorBody(error, body);
            if (message !== undefined) error.message = `${error.response.status}: ${message}`;
          } catch {
            // Not JSON (a proxy's HTML page, an empty body): the status line stays the message.
          }
          return error;
        },
      ],
    },
  });
}

let baseUrl = defaultBaseUrl();
let client: Promise<KyInstance> | undefined;

/** The configured client, loading ky once; a failed load (the network) is tried again by the next call. */
export function loadHttpClient(): Promise<KyInstance> {
  client ??= import('ky').then(
    ({ default: ky }) => createClient(ky, baseUrl),
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}

/** Starts loading the client ahead of the first call; a failure is left to that call, which loads it again. */
export function preloadHttpClient(): void {
  loadHttpClient().catch(() => undefined);
}

/**
 * Points the client somewhere else (tests: a local server) and/or sets what a lost session does.
 * The app calls it once at start-up with the router's redirect.
 */
export function configureHttp(options: { baseUrl?: string; onUnauthorized?: UnauthorizedHandler }): void {
  if (options.baseUrl !== undefined) {
    baseUrl = options.baseUrl;
    client = undefined;
  }
  if (options.onUnauthorized !== undefined) onUnauthorized = options.onUnauthorized;
}
