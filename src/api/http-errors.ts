import type { HTTPError } from 'ky';
import { z } from 'zod/mini';
import type { EndpointDeclaration, EndpointErrorAnswer, EndpointErrorStatus } from '../../contract/endpoint';
import { errorAnswer, type ErrorAnswer } from '../../contract/http';
import { MalformedAnswerError } from './malformed-answer';

/**
 * Reading a failed call: its status, the server's `{ message, errors }` (contract/http.ts), what to show for it, whether
 * retrying could help, and an endpoint's declared failures by type (`refusalOf`).
 */

/** An error answer's JSON body, and its common shape when it has it; kept beside the error rather than on it. */
const errorBodies = new WeakMap<HTTPError, { body: unknown; answer: ErrorAnswer | undefined }>();
/** The endpoint (its declaration's name) each failed call was made to. */
const failedEndpoints = new WeakMap<object, string>();

/** Keeps the JSON body of an error answer (the client's beforeError hook); answers its message, if it has the common shape. */
export function keepErrorBody(error: HTTPError, body: unknown): string | undefined {
  const parsed = errorAnswer.safeParse(body);
  const answer = parsed.success ? parsed.data : undefined;
  errorBodies.set(error, { body, answer });
  return answer?.message;
}

/** Remembers which endpoint a failed call was made to, for `refusalOf`. */
export function noteFailedCall(error: unknown, endpoint: EndpointDeclaration): void {
  if (typeof error === 'object' && error !== null) failedEndpoints.set(error, endpoint.name);
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
  return httpError ? errorBodies.get(httpError)?.answer : undefined;
}

/**
 * The answer of a call to `endpoint` that failed with `status`, parsed with the schema the endpoint declares for it
 * (its `otherAnswers`, or the common error shape of the 401, 404 and 422 every endpoint may answer:
 * contract/endpoint.ts `EndpointErrorStatus`). Undefined for another status, another endpoint's failure, no answer at
 * all, or a body that is not the declared one. A status the endpoint does not declare fails `tsc`.
 */
export function refusalOf<E extends EndpointDeclaration, S extends EndpointErrorStatus<E>>(
  endpoint: E,
  error: unknown,
  status: S,
): EndpointErrorAnswer<E, S> | undefined {
  const httpError = asHttpError(error);
  if (!httpError || httpError.response.status !== status || failedEndpoints.get(httpError) !== endpoint.name) return undefined;
  const schema = endpoint.otherAnswers?.[status] ?? errorAnswer;
  const parsed = z.safeParse(schema, errorBodies.get(httpError)?.body);
  return parsed.success ? (parsed.data as EndpointErrorAnswer<E, S>) : undefined;
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
