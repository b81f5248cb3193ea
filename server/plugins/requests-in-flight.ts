import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    requestsInFlight: RequestsInFlight;
  }
}

/**
 * The requests whose handlers are still running: counted from `onRequest` to `onSend`, which Fastify runs once the
 * handler is done even for a request whose client has hung up (its connection is gone, its handler is not).
 */
export class RequestsInFlight {
  private readonly running = new Set<FastifyRequest>();
  private readonly waiting = new Set<() => void>();

  get count(): number {
    return this.running.size;
  }

  started(request: FastifyRequest): void {
    this.running.add(request);
  }

  finished(request: FastifyRequest): void {
    if (!this.running.delete(request) || this.running.size > 0) return;
    for (const wake of this.waiting) wake();
  }

  /** Resolves true once none is running, or false when `limitMs` passed first. */
  async settled(limitMs: number): Promise<boolean> {
    if (this.running.size === 0) return true;
    let wake!: () => void;
    let timer: NodeJS.Timeout | undefined;
    const drained = await new Promise<boolean>((resolve) => {
      wake = () => resolve(true);
      this.waiting.add(wake);
      timer = setTimeout(() => resolve(false), limitMs);
    });
    this.waiting.delete(wake);
    clearTimeout(timer);
    return drained;
  }
}

/** Decorates `app.requestsInFlight`, for the stop (graceful-stop.ts) and the database's close (database.ts). */
export default fp(
  async (app) => {
    const requests = new RequestsInFlight();
    app.decorate('requestsInFlight', requests);
    // Callback hooks: they do nothing asynchronous, and every request runs them (a promise each costs a turn).
    app.addHook('onRequest', (request, _reply, done) => {
      requests.started(request);
      done();
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      requests.finished(request);
      done(null, payload);
    });
  },
  { name: 'requests-in-flight' },
);
