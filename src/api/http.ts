/**
 * The one HTTP client of the SPA (docs/ARCHITECTURE.md "Data flow"). Components never call it: the fetchers in
 * `src/api/<resource>.ts` do, through `call(endpoint, input)`, which takes an endpoint's declaration (contract/api.ts)
 * for its method, path and schemas, and parses every answer with its contract schema.
 *
 * - same origin by default; every request carries `X-Requested-With`, `Accept: application/json` and the bearer
 *   token read from localStorage at request time (docs/product.md#calls);
 * - a 401 from any call but the sign-in ones clears the stored session and calls the unauthorized handler, which
 *   the app points at the router (`/login?redirect=<where the operator was>`);
 * - an error answer's `{ message }` is parsed once and kept on the error (`serverMessage`, `errorMessage`); an
 *   endpoint's declared failures are read by type (`refusalOf`);
 * - no retries here: TanStack Query owns retrying;
 * - ky itself is loaded on the first call (or while the login form is idle: `preloadHttpClient`), so it is not part of
 *   the login route's JavaScript (docs/figures.md).
 *
 * Its parts: the ky client and its configuration (http-client.ts), calling an endpoint (call-endpoint.ts), reading a
 * failed call (http-errors.ts), an answer that is not the declared one (malformed-answer.ts), files (file-transfer.ts).
 */
export { configureHttp, generationRequestTimeoutMs, preloadHttpClient } from './http-client';
export { call, callForResponse, callIgnoringAnswer, type CallInput, type RequestOptions } from './call-endpoint';
export {
  errorAnswerOf,
  errorMessage,
  httpStatus,
  isRetryable,
  isUnauthorized,
  pageErrorText,
  refusalOf,
  retryAfterMs,
  serverMessage,
} from './http-errors';
export { MalformedAnswerError } from './malformed-answer';
export { downloadFile, uploadFile } from './file-transfer';
