import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { z } from 'zod';
import { errorAnswer, requestedWithHeader, type ErrorAnswer } from '../../contract/http';
import { clearSession, getAuthToken } from '../auth/session';

/**
 * The one HTTP client of the SPA (ARCHITECTURE.md "Data flow"). Components never call it: the fetchers in
 * `src/api/<resource>.ts` do, through `getJson`/`sendJson`, which parse every answer with its contract schema.
 *
 * - same origin by default; every request carries `X-Requested-With`, `Accept: application/json` and the bearer
 *   token read from localStorage at request time (SPEC 7);
 * - a 401 from any call but the sign-in ones clears the stored session and calls the unauthorized handler, which
 *   the app points at the router (`/login?redirect=<where the operator was>`);
 * - an error answer's `{ message }` is parsed once and kept on the error (`serverMessage`, `errorMessage`);
 * - no retries here: TanStack Query owns retrying.
 */

export type UnauthorizedHandler = () => void;

/**
 * The calls that answer once a generation has run (events, a brand's models) wait for the AI provider: the server
 * bounds that (its timeout, with two retries), so the browser waits longer than its usual 30 s.
 */
export const generationRequestTimeoutMs = 5 * 60_000;

/** Calls whose 401 is an answer for the screen, not a lost session. */
const authPaths = new Set(['/api/login', '/logout']);

const defaultUnauthorized: UnauthorizedHandler = () => {
  if (typeof window === 'undefined') return;
  const { pathname, search, hash } = window.location;
  if (pathname === '/login') return;
  window.location.assign(`/login?redirect=${encodeURIComponent(pathname + search + hash)}`);
};

let onUnauthorized: UnauthorizedHandler = defaultUnauthorized;

/** Error answers parsed by the beforeError hook, kept beside the error rather than on it. */
const parsedAnswers = new WeakMap<HTTPError, ErrorAnswer>();

function defaultBaseUrl(): string {
  if (typeof window !== 'undefined' && window.location?.origin) return window.location.origin;
  // Outside a browser (tests) a base must be configured; this one fails loudly on the first call.
  return 'http://base-url-not-configured.invalid';
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

function createClient(baseUrl: string): KyInstance {
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
            const parsed = errorAnswer.safeParse(body);
            if (parsed.success) {
              parsedAnswers.set(error, parsed.data);
              error.message = `${error.response.status}: ${parsed.data.message}`;
            }
          } catch {
            // Not JSON (a proxy's HTML page, an empty body): the status line stays the message.
          }
          return error;
        },
      ],
    },
  });
}

let client = createClient(defaultBaseUrl());

/**
 * Points the client somewhere else (tests: a local server) and/or sets what a lost session does.
 * The app calls it once at start-up with the router's redirect.
 */
export function configureHttp(options: { baseUrl?: string; onUnauthorized?: UnauthorizedHandler }): void {
  if (options.baseUrl !== undefined) client = createClient(options.baseUrl);
  if (options.onUnauthorized !== undefined) onUnauthorized = options.onUnauthorized;
}

/** An answer that does not match its contract schema: a server/client mismatch, never retried. */
export class MalformedAnswerError extends Error {
  override readonly name = 'MalformedAnswerError';
  constructor(
    readonly where: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Unexpected answer from ${where}:\n${z.prettifyError(new z.ZodError(issues))}`);
  }
}

/** Parses `data` with `schema` or throws a MalformedAnswerError naming the call. */
export function parseAnswer<S extends z.ZodType>(schema: S, data: unknown, where: string): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new MalformedAnswerError(where, result.error.issues);
  return result.data;
}

type RequestOptions = Omit<Options, 'method' | 'json' | 'body' | 'prefixUrl'>;

function relative(path: string): string {
  if (!path.startsWith('/')) throw new Error(`API paths start with a slash: ${path}`);
  return path.slice(1);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`The answer is not JSON (HTTP ${response.status}).`);
  }
}

/** GET `path` and parse the JSON answer with `schema`. */
export async function getJson<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>> {
  const response = await client.get(relative(path), options);
  return parseAnswer(schema, await readJson(response), `GET ${path}`);
}

type Method = 'post' | 'put' | 'patch' | 'delete';

/**
 * Sends `json` (if any) with `method` and parses the answer with `schema`. Pass `null` as schema for the calls whose
 * answer the spec leaves open ("not shown"): the answer is then ignored.
 */
export async function sendJson<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  json?: unknown,
  options?: RequestOptions,
): Promise<z.output<S>>;
export async function sendJson(method: Method, path: string, schema: null, json?: unknown, options?: RequestOptions): Promise<void>;
export async function sendJson(
  method: Method,
  path: string,
  schema: z.ZodType | null,
  json?: unknown,
  options?: RequestOptions,
): Promise<unknown> {
  const response = await client(relative(path), { ...options, method, ...(json === undefined ? {} : { json }) });
  if (schema === null) return undefined;
  return parseAnswer(schema, await readJson(response), `${method.toUpperCase()} ${path}`);
}

/** The HTTP status of a failed call, if the server answered. */
export function httpStatus(error: unknown): number | undefined {
  return error instanceof HTTPError ? error.response.status : undefined;
}

export function isUnauthorized(error: unknown): boolean {
  return httpStatus(error) === 401;
}

/** The server's parsed error answer (`{ message, errors }`, contract/http.ts), if it sent one. */
export function errorAnswerOf(error: unknown): ErrorAnswer | undefined {
  return error instanceof HTTPError ? parsedAnswers.get(error) : undefined;
}

/** The server's own error text, except for a 500 (whose text says nothing to an operator). */
export function serverMessage(error: unknown): string | undefined {
  const answer = errorAnswerOf(error);
  if (!answer || httpStatus(error) === 500) return undefined;
  const message = answer.message.trim();
  return message === '' ? undefined : message;
}

/** What to show for a failed call: the server's text when it gave one (SPEC 8), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** Whether retrying the call could help: network failures and 5xx (but 501) yes; 4xx and malformed answers no. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof MalformedAnswerError) return false;
  const status = httpStatus(error);
  if (status === undefined) return true;
  return status >= 500 && status !== 501;
}
