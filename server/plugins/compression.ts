import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them costs more than it saves (docs/figures.md). */
export const compressionThreshold = 1024;

/**
 * For a small answer made anew for each request (the dashboard home's overview, about 4 kB at scale): gzip at its
 * default level makes it about as small as brotli at quality 4 (757 against 668 bytes) for a quarter of the CPU
 * (31 against 127 µs: brotli's setup is most of a small answer's cost). A route option (`compress`).
 */
export const perRequestAnswerCompression = { threshold: compressionThreshold, encodings: ['gzip'] } satisfies RouteOptions['compress'];

/**
 * Compresses every answer over 1 kB the client accepts compressed: brotli, else gzip. The API's JSON and the CSV
 * exports are compressed as they are sent, at a brotli quality that keeps up with a stream (4: close to gzip -9 in
 * size, several times faster than brotli's default 11); the SPA's assets are compressed once at build time
 * (vite.config.ts) and sent as they are by @fastify/static.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      threshold: compressionThreshold,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
