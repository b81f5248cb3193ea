import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorAnswer } from '../../contract/http';
import type { LoadSheddingConfig } from '../config';
import { UnavailableError } from '../domain-errors';

/** What a shed request is told, and when to ask again. */
export const busyAnswer: ErrorAnswer = { message: 'The server is busy. Try again in a moment.' };
export const busyRetryAfterSeconds = 2;

/** Answered by the error handler as every 503 is: `{ message }`, with Retry-After. */
class ServerBusyError extends UnavailableError {
  constructor() {
    super(busyAnswer.message);
  }
}

/**
 * Load shedding (docs/figures.md): a request that arrives while `maxInFlight` requests are already being served
 * is answered at once with 503 and Retry-After rather than joining a queue whose latency grows without bound (on
 * the embedded database every query waits for the one connection). As a backstop, while the event loop lags more
 * than `maxEventLoopDelayMs` on average over a second (@fastify/under-pressure), new requests are shed too (off by
 * default: on PGlite one slow query lags the loop as overload would). Requests already running always finish.
 * 0 turns a check off.
 */
export default fp(
  async (app: FastifyInstance, options: { config: LoadSheddingConfig }) => {
    const { maxInFlight, maxEventLoopDelayMs } = options.config;
    if (maxInFlight > 0) {
      // requests-in-flight has counted this request already.
      app.addHook('onRequest', (_request, reply, done) => {
        if (app.requestsInFlight.count <= maxInFlight) return done();
        reply.header('retry-after', String(busyRetryAfterSeconds));
        done(new ServerBusyError());
      });
    }
    if (maxEventLoopDelayMs > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: maxEventLoopDelayMs,
        sampleInterval: 1_000,
        retryAfter: busyRetryAfterSeconds,
        customError: ServerBusyError,
      });
    }
  },
  { name: 'load-shedding', dependencies: ['requests-in-flight'] },
);
