import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { resolveAccessToken } from './access-tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that answers without a bearer token (login, the Pusher HTTP API, the SPA). */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in operator; set on every route that is not public. */
    user?: { id: number; tokenId: number };
  }
}

const bearerPattern = /^Bearer ([A-Za-z0-9_\-.~+/]+=*)$/;

/** Every route needs a valid bearer token unless it declares `config: { public: true }`. */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.routeOptions.config.public === true) return;
      const match = bearerPattern.exec(request.headers.authorization ?? '');
      const session = match?.[1] ? await resolveAccessToken(app.db, match[1]) : undefined;
      if (!session) throw new HttpError(401, 'Unauthenticated.');
      request.user = { id: session.userId, tokenId: session.tokenId };
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** The signed-in operator of a route that is not public. */
export function currentUser(request: FastifyRequest): { id: number; tokenId: number } {
  if (!request.user) throw new HttpError(401, 'Unauthenticated.');
  return request.user;
}
