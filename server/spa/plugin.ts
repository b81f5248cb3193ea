import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allEndpoints } from '../../contract/api';
import { websocketPathPrefix } from '../../contract/realtime';
import type { AppConfig } from '../config';
import { styleNonce } from '../plugins/security-headers';
import { injectMetaTags, injectStyleNonce } from './meta-tags';
import { themedIndexHtml } from './theme';

/**
 * Paths the SPA never owns: an unknown one answers a JSON 404, not index.html. They are the first segments of every
 * declared endpoint (the API's, the channel authorisation's, the Pusher HTTP API's, and logout itself) and pusher-js's
 * WebSocket path.
 */
const apiPrefixes = [
  ...new Set(allEndpoints.map(({ path: endpointPath }) => /^\/[^/]+(\/|$)/.exec(endpointPath)?.[0] ?? endpointPath)),
  websocketPathPrefix,
];
const isApiPath = (url: string) => apiPrefixes.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));

async function readIndexHtml(spaDir: string, config: AppConfig): Promise<string | undefined> {
  try {
    return injectMetaTags(await readFile(path.join(spaDir, 'index.html'), 'utf8'), config);
  } catch {
    return undefined;
  }
}

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html (with the meta tags) for every other
 * path that is not the API's, so that browser-history routes load on a refresh.
 */
export async function registerSpa(app: FastifyInstance, config: AppConfig) {
  const indexHtml = await readIndexHtml(config.spaDir, config);
  if (indexHtml === undefined) app.log.warn({ spaDir: config.spaDir }, 'the SPA is not built; run `npm run build`');

  const sendIndex = (reply: FastifyReply, request: FastifyRequest) => {
    if (indexHtml === undefined) {
      return reply.status(503).type('text/plain').send('The dashboard is not built yet: run `npm run build`, or `npm start`.');
    }
    const nonce = styleNonce(reply);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(themedIndexHtml(nonce === undefined ? indexHtml : injectStyleNonce(indexHtml, nonce), request.headers.cookie));
  };

  await app.register(async (scope) => {
    // Everything this scope registers is public: the SPA and its assets carry no secrets.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    scope.get('/', (request, reply) => sendIndex(reply, request));
    scope.get('/index.html', (request, reply) => sendIndex(reply, request));
    if (indexHtml === undefined) return;
    await scope.register(fastifyStatic, {
      root: config.spaDir,
      index: false,
      wildcard: true,
      // The build writes each asset's .br and .gz beside it (vite.config.ts): sent as they are, never compressed per request.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (wantsPage) return sendIndex(reply, request);
    return reply.status(404).send({ message: 'Not found.' });
  });
}
