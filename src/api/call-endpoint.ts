import type { Options } from 'ky';
import {
  pathOf,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointDeclaration,
  type EndpointParams,
  type EndpointQuery,
} from '../../contract/endpoint';
import { loadHttpClient } from './http-client';
import { noteFailedCall } from './http-errors';
import { parseAnswer } from './malformed-answer';

/** Calling an endpoint as its declaration says (contract/api.ts), and parsing its answer with the declared schema. */

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

/** The answer of a call, parsed with its endpoint's declared schema. */
export async function declaredAnswer<E extends EndpointDeclaration>(
  endpoint: E,
  path: string,
  response: Response,
): Promise<EndpointAnswer<E>> {
  return parseAnswer(endpoint.answer, await readJson(response), `${endpoint.method} ${path}`) as EndpointAnswer<E>;
}

/**
 * Sends one call as its declaration says: the method, the path with the parameters put in, the query, the body (JSON,
 * or `options.body` as it is: a file). A failure is remembered with its endpoint (`refusalOf`).
 */
export async function send<E extends EndpointDeclaration>(
  endpoint: E,
  input: CallInput<E>,
  options: RequestOptions & { body?: Blob },
): Promise<{ path: string; response: Response }> {
  const path = pathOf(endpoint, input.params as Record<string, string | number> | undefined);
  try {
    const response = await (
      await loadHttpClient()
    )(path.slice(1), {
      ...options,
      method: endpoint.method,
      searchParams: searchParamsOf(input.query),
      ...(input.body === undefined ? {} : { json: input.body }),
    });
    return { path, response };
  } catch (error) {
    noteFailedCall(error, endpoint);
    throw error;
  }
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
  return { response, answer: await declaredAnswer(endpoint, path, response) };
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
