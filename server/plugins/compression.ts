import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them costs more than it saves (issue 15 point 5). */
export const compressionThreshold = 1024;

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
