import type { HTTPError, KyInstance, Options } from 'ky';
import { z } from 'zod/mini';
import { authApi } from '../../contract/auth';
import {
  pathOf,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointDeclaration,
  type EndpointParams,
  type EndpointQuery,
} from '../../contract/endpoint';
import { errorAnswer, requestedWithHeader, type ErrorAnswer } from '../../contract/http';
import { clearSession, getAuthToken } from '../auth/session';

/**
 * The one HTTP client of the SPA (docs/ARCHITECTURE.md "Data flow"). Components never call it: the fetchers in
 * `src/api/<resource>.ts` do, through `call(endpoint, input)`, which takes an endpoint's declaration (contract/api.ts)
 * for its method, path and schemas, and parses every answer with its contract schema.
 *
 * - same origin by default; every request carries `X-Requested-With`, `Accept: application/json` and the bearer
 *   token read from localStorage at request time (docs/product.md#calls);
 * - a 401 from any call but the sign-in ones clears the stored session and calls the unauthorized handler, which
 *   the app points at the router (`/login?redirect=<where the operator was>`);
 * - an error answer's `{ message }` is parsed once and kept on the error (`serverMessage`, `errorMessage`);
 * - no retries here: TanStack Query owns retrying;
 * - ky itself is loaded on the first call (or while the login form is idle: `preloadHttpClient`), so it is not part of
 *   the login route's JavaScript (docs/figures.md).
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

/** An answer that does not match its contract schema: a server/client mismatch, never retried. */
export class MalformedAnswerError extends Error {
  override readonly name = 'MalformedAnswerError';
  constructor(
    readonly where: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Unexpected answer from ${where}:\n${z.prettifyError(new z.core.$ZodError(issues))}`);
  }
}

/** Parses `data` with `schema` or throws a MalformedAnswerError naming the call. */
export function parseAnswer<S extends z.core.$ZodType>(schema: S, data: unknown, where: string): z.output<S> {
  const result = z.safeParse(schema, data);
  if (!result.success) throw new MalformedAnswerError(where, result.error.issues);
  return result.data;
}

/** ky's options of one call, beside what its declaration sets (a timeout, a header). */
export type RequestOptions = Omit<Options, 'method' | 'json' | 'body' | 'prefixUrl' | 'searchParams'>;

/** What a call sends: the endpoint's path parameters, query and body, as its declaration's schemas accept them. */
export interface CallInput<E extends EndpointDeclaration> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
}

type SearchParams = Record<string, string | number | boolean>;

/** The query's defined members (an undefined one is left out of the URL, not sent as "undefined"). */
function searchParamsOf(query: unknown): SearchParams | undefined {
  if (query === undefined || query === null) return undefined;
  return Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([, value]) => value !== undefined)) as SearchParams;
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

/** Sends one call as its declaration says: the method, the path with the parameters put in, the query, the body. */
async function send<E extends EndpointDeclaration>(
  endpoint: E,
  input: CallInput<E>,
  options: RequestOptions,
): Promise<{ path: string; response: Response }> {
  const path = pathOf(endpoint, input.params as Record<string, string | number> | undefined);
  const response = await (
    await loadHttpClient()
  )(path.slice(1), {
    ...options,
    method: endpoint.method,
    searchParams: searchParamsOf(input.query),
    ...(input.body === undefined ? {} : { json: input.body }),
  });
  return { path, response };
}

/**
 * Calls an endpoint as contract/ declares it (contract/api.ts) and parses its answer with the declared schema;
 * answers the response too, for a caller that reads its headers or status.
 */
export async function callForResponse<E extends EndpointDeclaration>(
  endpoint: E,
  input: CallInput<E> = {},
  options: RequestOptions = {},
): Promise<{ response: Response; answer: EndpointAnswer<E> }> {
  const { path, response } = await send(endpoint, input, options);
  const answer = parseAnswer(endpoint.answer, await readJson(response), `${endpoint.method} ${path}`) as EndpointAnswer<E>;
  return { response, answer };
}

/** Calls an endpoint (see callForResponse) and answers its parsed answer. */
export async function call<E extends EndpointDeclaration>(
  endpoint: E,
  input: CallInput<E> = {},
  options?: RequestOptions,
): Promise<EndpointAnswer<E>> {
  return (await callForResponse(endpoint, input, options)).answer;
}

/** Calls an endpoint whose answer the spec leaves open ("not shown"): only its failure matters. */
export async function callIgnoringAnswer<E extends EndpointDeclaration>(
  endpoint: E,
  input: CallInput<E> = {},
  options: RequestOptions = {},
): Promise<void> {
  await send(endpoint, input, options);
}

/**
 * The error of a call the server answered with a failure status. Recognised by shape, as ky's own `isHTTPError` does
 * besides `instanceof`: importing ky's error class here would bring all of ky into the login route's JavaScript.
 */
function asHttpError(error: unknown): HTTPError | undefined {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error && error.response instanceof Response
    ? (error as HTTPError)
    : undefined;
}

/** The HTTP status of a failed call, if the server answered. */
export function httpStatus(error: unknown): number | undefined {
  return asHttpError(error)?.response.status;
}

export function isUnauthorized(error: unknown): boolean {
  return httpStatus(error) === 401;
}

/** The server's parsed error answer (`{ message, errors }`, contract/http.ts), if it sent one. */
export function errorAnswerOf(error: unknown): ErrorAnswer | undefined {
  const httpError = asHttpError(error);
  return httpError ? parsedAnswers.get(httpError) : undefined;
}

/** The server's own error text, except for a 500 (whose text says nothing to an operator). */
export function serverMessage(error: unknown): string | undefined {
  const answer = errorAnswerOf(error);
  if (!answer || httpStatus(error) === 500) return undefined;
  const message = answer.message.trim();
  return message === '' ? undefined : message;
}

/** What to show for a failed call: the server's text when it gave one (docs/product.md#messages-and-errors), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** What the error screen of a page that could not load says of its error (src/ui/route-error.tsx). */
export function pageErrorText(error: unknown): string {
  return error instanceof MalformedAnswerError
    ? 'The server sent an answer this page does not understand.'
    : errorMessage(error, 'The page could not be loaded.');
}

/** How long a busy server asked the client to wait (`Retry-After` in seconds, on a 503 or 429), if it did. */
export function retryAfterMs(error: unknown): number | undefined {
  const httpError = asHttpError(error);
  if (!httpError) return undefined;
  const seconds = Number(httpError.response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1000 : undefined;
}

/** Whether retrying the call could help: network failures and 5xx (but 501) yes; 4xx and malformed answers no. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof MalformedAnswerError) return false;
  const status = httpStatus(error);
  if (status === undefined) return true;
  return status >= 500 && status !== 501;
}

/**
 * Calls an endpoint that answers a file (a CSV export) and hands it to the browser as a download: the request
 * carries the bearer token as every call does, so the file cannot be fetched by a plain link. Answers the file name
 * the server gave (Content-Disposition) and its size in bytes.
 */
export async function downloadFile<E extends EndpointDeclaration>(
  endpoint: E,
  input: CallInput<E> = {},
  fallbackName = 'download',
): Promise<{ fileName: string; bytes: number }> {
  const { response } = await send(endpoint, input, { headers: { Accept: '*/*' }, timeout: false });
  const blob = await response.blob();
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  const fileName = named?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; free the blob once the browser has started saving it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { fileName, bytes: blob.size };
}

/**
 * Calls an endpoint whose body is a file (a CSV import): the file's bytes as the body, sent with `contentType`, and
 * the answer parsed with the declared schema. Longer than the usual 30 s: a big file takes the server a while.
 */
export async function uploadFile<E extends EndpointDeclaration>(endpoint: E, file: Blob, contentType: string): Promise<EndpointAnswer<E>> {
  const path = pathOf(endpoint);
  const response = await (
    await loadHttpClient()
  )(path.slice(1), { method: endpoint.method, body: file, headers: { 'Content-Type': contentType }, timeout: 120_000 });
  return parseAnswer(endpoint.answer, await readJson(response), `${endpoint.method} ${path}`) as EndpointAnswer<E>;
}
