import type { z } from 'zod';
import type { ErrorAnswer } from './http';
import type { RealtimeEventName } from './realtime';

/** A schema of zod's classic API or of zod/mini (the login route's, contract/auth.ts): both are zod core schemas. */
type Schema = z.core.$ZodType;

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One HTTP endpoint, declared once (docs/decisions/0006-endpoints-declared-in-the-contract.md). The server
 * registers its route from this declaration (server/routes/route.ts), the SPA calls it through `call`
 * (src/api/http.ts), and the OpenAPI document is generated from the routes it made.
 */
export interface EndpointDeclaration {
  /** What the endpoint is, `resource.action`: the key of its table in contract/api.ts. */
  readonly name: string;
  readonly method: HttpMethod;
  /** In Fastify's form: `:id` is a path parameter (declared in `params`). */
  readonly path: string;
  /** One line for the API reference. */
  readonly summary: string;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** The success answer (200). */
  readonly answer: Schema;
  /** Other answers the endpoint gives on purpose, by status: 202, and the errors a client must expect. */
  readonly otherAnswers?: Readonly<Partial<Record<number, Schema>>>;
  /** Answered without an access token. */
  readonly public?: boolean;
  /**
   * For a mutation: the realtime events the server publishes once its change is stored, for the reader of the
   * contract. Nothing at run time reads it (the server publishes from its services, server/notify; a mutation's
   * effects on the SPA's cache are its own entry in the staleness map, src/api/staleness/), and it is not in the
   * OpenAPI document; contract/api.test.ts checks that it names only events of contract/realtime.ts, and only on
   * mutations.
   */
  readonly announces?: readonly RealtimeEventName[];
}

/** Declares an endpoint, keeping its literal types (method, path, schemas) for the server and the SPA. */
export function endpoint<const E extends EndpointDeclaration>(declaration: E): E {
  return declaration;
}

type Input<S> = S extends Schema ? z.input<S> : undefined;
type Output<S> = S extends Schema ? z.output<S> : undefined;

/** What a caller sends: path parameters, query and body as the schemas accept them. */
export type EndpointParams<E extends EndpointDeclaration> = Input<E['params']>;
export type EndpointQuery<E extends EndpointDeclaration> = Input<E['query']>;
export type EndpointBody<E extends EndpointDeclaration> = Input<E['body']>;
/** What the server's handler receives, once validated. */
export type EndpointParsedParams<E extends EndpointDeclaration> = Output<E['params']>;
export type EndpointParsedQuery<E extends EndpointDeclaration> = Output<E['query']>;
export type EndpointParsedBody<E extends EndpointDeclaration> = Output<E['body']>;
/** The success answer as the client reads it (after parsing) and as the server writes it (before encoding). */
export type EndpointAnswer<E extends EndpointDeclaration> = z.output<E['answer']>;
export type EndpointReply<E extends EndpointDeclaration> = z.input<E['answer']>;

/**
 * The errors every endpoint may answer besides its own, as server/routes/route.ts adds them to its OpenAPI operation:
 * 401 unless it is public, 422 when it takes input, 404 when its path names a row.
 */
type CommonErrorStatus<E extends EndpointDeclaration> =
  | (E extends { public: true } ? never : 401)
  | (E extends { params: Schema } | { query: Schema } | { body: Schema } ? 422 : never)
  | (E extends { params: Schema } ? 404 : never);
type OtherAnswers<E extends EndpointDeclaration> = E extends { otherAnswers: infer A } ? A : Record<never, never>;
/** Of a list of statuses, the failures (4xx, 5xx): a 202 among the other answers is a success. */
type FailureStatus<S extends number> = S extends S ? (`${S}` extends `4${string}` | `5${string}` ? S : never) : never;

/** Every failure status an endpoint declares: its own other answers and the common ones. */
export type EndpointErrorStatus<E extends EndpointDeclaration> = FailureStatus<(keyof OtherAnswers<E> & number) | CommonErrorStatus<E>>;
/** The body of an endpoint's declared failure at `S`: its own schema's, else the common error shape (contract/http.ts). */
export type EndpointErrorAnswer<E extends EndpointDeclaration, S extends EndpointErrorStatus<E>> = S extends S
  ? OtherAnswers<E> extends { readonly [K in S]: infer A extends Schema }
    ? z.output<A>
    : ErrorAnswer
  : never;

/**
 * The path of one call: each `:name` segment replaced by its parameter, URL-encoded. Throws when a parameter is
 * missing (a bug in the caller, not an input error).
 */
export function pathOf(declaration: EndpointDeclaration, params?: Readonly<Record<string, string | number>>): string {
  return declaration.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${declaration.name}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
