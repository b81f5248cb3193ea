import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Builds something (an app) while recording every route the Fastify instances made meanwhile register. Fastify
 * announces each new instance on the `fastify.initialization` channel before any plugin can add a route, so an
 * `onRoute` hook added there sees them all, without the app knowing.
 */
export async function recordingRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: RouteOptions[] }> {
  const routes: RouteOptions[] = [];
  const onInit = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
      routes.push(route);
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  try {
    return { built: await build(), routes };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInit);
  }
}

/** `METHOD /url` of each route (a route of several methods once per method), without the HEAD twins of GETs. */
export function routeNames(routes: readonly RouteOptions[]): { name: string; route: RouteOptions }[] {
  const named = routes.flatMap((route) => [route.method].flat().map((method) => ({ name: `${method} ${route.url}`, route })));
  const names = new Set(named.map((r) => r.name));
  return named.filter(({ name }) => !(name.startsWith('HEAD ') && names.has(name.replace(/^HEAD /, 'GET '))));
}
