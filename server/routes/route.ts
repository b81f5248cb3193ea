import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type {
  EndpointDeclaration,
  EndpointParsedBody,
  EndpointParsedParams,
  EndpointParsedQuery,
  EndpointReply,
} from '../../contract/endpoint';
import { errorAnswer } from '../../contract/http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The name of the endpoint declaration the route was registered from (contract/api.ts). */
    endpoint?: string;
  }
}

/** The Fastify instance a route plugin gets (with the zod type provider). */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** The request of an endpoint: its path parameters, query and body as its schemas parse them. */
export type EndpointRequest<E extends EndpointDeclaration> = FastifyRequest<{
  Params: EndpointParsedParams<E>;
  Querystring: EndpointParsedQuery<E>;
  Body: EndpointParsedBody<E>;
}>;

/** A route's handler: answers the endpoint's answer, or the reply it has sent itself (pre-encoded JSON, a 202). */
export type EndpointHandler<E extends EndpointDeclaration> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply>;

/** Fastify options a route may add to what its declaration says (a body limit, a content-type parser...). */
export type RouteExtras = Omit<RouteOptions, 'method' | 'url' | 'schema' | 'handler' | 'config'> & {
  /** The handler reads the raw body itself (a signed webhook): the declared body is documented, not validated. */
  rawBody?: boolean;
  /**
   * The answer is made of catalogue rows alone and is the same for every operator: it is kept and reused while the
   * catalogue's version stands (server/plugins/catalogue-answers.ts).
   */
  catalogueAnswer?: boolean;
};

/** The errors every endpoint may answer besides its own: no valid token, input refused, a path's row not found. */
function commonErrors(declaration: EndpointDeclaration): Record<number, z.core.$ZodType> {
  const takesInput = declaration.params !== undefined || declaration.query !== undefined || declaration.body !== undefined;
  const errors: Record<number, z.core.$ZodType> = {};
  if (declaration.public !== true) errors[401] = errorAnswer;
  if (takesInput) errors[422] = errorAnswer;
  if (declaration.params !== undefined) errors[404] = errorAnswer;
  return errors;
}

/** The Fastify schema of a declaration: validation, serialization and the OpenAPI operation in one. */
export function routeSchema(declaration: EndpointDeclaration, options: { rawBody?: boolean } = {}) {
  const resource = declaration.name.split('.')[0] ?? declaration.name;
  return {
    operationId: declaration.name,
    summary: declaration.summary,
    tags: [resource],
    ...(declaration.public === true ? { security: [] } : {}),
    ...(declaration.params !== undefined ? { params: declaration.params } : {}),
    ...(declaration.query !== undefined ? { querystring: declaration.query } : {}),
    ...(declaration.body !== undefined && options.rawBody !== true ? { body: declaration.body } : {}),
    response: { ...commonErrors(declaration), ...declaration.otherAnswers, 200: declaration.answer },
  };
}

/** A route: the handler alone, or the handler with the Fastify options its route adds (a body limit, catalogueAnswer...). */
export type EndpointImplementation<E extends EndpointDeclaration> = EndpointHandler<E> | (RouteExtras & { handler: EndpointHandler<E> });

/** One resource's endpoint table (`brandsApi`...: contract/api.ts). */
type EndpointTable = Readonly<Record<string, EndpointDeclaration>>;

/**
 * A route for every declaration of a table, each typed from its declaration: a declaration without one (or a key the
 * table does not declare) fails `tsc` (docs/decisions/0006-endpoints-declared-in-the-contract.md).
 */
export type TableImplementation<T extends EndpointTable> = { readonly [K in keyof T]-?: EndpointImplementation<T[K]> };

/**
 * Registers an endpoint from its declaration (contract/): method, path, whether it needs a token, its schemas. The
 * route file supplies only the handler, typed from the same declaration.
 */
function route<const E extends EndpointDeclaration>(
  app: RouteApp,
  declaration: E,
  handler: EndpointHandler<E>,
  { rawBody, catalogueAnswer, ...extras }: RouteExtras = {},
): void {
  app.route({
    ...extras,
    method: declaration.method,
    url: declaration.path,
    config: { public: declaration.public === true, endpoint: declaration.name, catalogueAnswer: catalogueAnswer === true },
    schema: routeSchema(declaration, { rawBody }),
    handler: handler as RouteOptions['handler'],
  });
}

/**
 * Registers a resource's whole endpoint table, one route per declaration (`implement(app, brandsApi, { list, show,
 * generate })`), in the table's order.
 */
export function implement<const T extends EndpointTable>(app: RouteApp, table: T, routes: TableImplementation<T>): void {
  const byKey = routes as unknown as Readonly<Record<string, EndpointImplementation<EndpointDeclaration> | undefined>>;
  for (const [key, declaration] of Object.entries(table)) {
    const implementation = byKey[key];
    // Only an untyped caller gets here without one; tsc refuses a missing route.
    if (implementation === undefined) throw new Error(`${declaration.name}: no route implements it`);
    if (typeof implementation === 'function') route(app, declaration, implementation);
    else {
      const { handler, ...extras } = implementation;
      route(app, declaration, handler, extras);
    }
  }
}
