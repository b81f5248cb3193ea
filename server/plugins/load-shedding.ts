import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorAnswer } from '../../contract/http';
import type { LoadSheddingConfig } from '../config';
import { UnavailableError } from '../domain-errors';

/** What a shed request is told, and when to ask again. */
export const busyAnswer: ErrorAnswer = { message: 'The server is busy. Try again in a moment.' };
export const busyRetryAfterSeconds = 2;

/** Answered by the error handler as every 503 is: `{ message }`; under-pressure has set Retry-After. */
class ServerBusyError extends UnavailableError {
  constructor() {
    super(busyAnswer.message);
  }
}

/**
 * Load shedding (issue 15 point 4): while the event loop lags more than the configured delay (every request
 * waiting behind the embedded database's one connection, say), new requests are answered at once with 503 and
 * Retry-After rather than joining a queue whose latency grows without bound. Requests already running finish.
 */
export default fp(
  async (app: FastifyInstance, options: { config: LoadSheddingConfig; sampleIntervalMs?: number }) => {
    if (options.config.maxEventLoopDelayMs === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay: options.config.maxEventLoopDelayMs,
      sampleInterval: options.sampleIntervalMs ?? 250,
      retryAfter: busyRetryAfterSeconds,
      customError: ServerBusyError,
    });
  },
  { name: 'load-shedding' },
);
