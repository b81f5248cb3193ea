import fp from 'fastify-plugin';

/** How long the requests in flight when the stop begins have to be answered. */
const answerLimitMs = 10_000;
/**
 * When the connections still open are cut: after the answer limit, with time for the later preClose hooks (the
 * generation worker's stop makes a waiting generate call answer 503 rather than lose its connection).
 */
const cutAfterMs = answerLimitMs + 2_000;

/**
 * The HTTP side of stopping (docs/operations.md#stopping). On `app.close()` Fastify answers every new request 503 with
 * `Connection: close` (return503OnClosing), runs the preClose hooks in the order their plugins were registered, then
 * closes the HTTP server, which waits for its connections, and runs the onClose hooks (the database closes last).
 *
 * Registered before the other plugins, this preClose hook runs first: it waits until the requests in flight are
 * answered (at most `answerLimitMs`), so the real-time sockets close and the generation worker stops after them.
 * An answer sent while stopping says `Connection: close`: the client sends nothing more on that connection (which
 * would be reset as the server closes it), and a connection answered after the HTTP server began closing ends
 * rather than holding it open until the keep-alive timeout. A handler that outlives its connection is waited for by
 * the database before it closes (database.ts).
 */
export default fp(
  async (app) => {
    let stopping = false;
    let cut: NodeJS.Timeout | undefined;

    app.addHook('onSend', (_request, reply, payload, done) => {
      if (stopping) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('preClose', async () => {
      stopping = true;
      cut = setTimeout(() => {
        app.log.warn({ running: app.requestsInFlight.count }, 'stopping: connections still open are cut');
        app.server.closeAllConnections();
      }, cutAfterMs);
      cut.unref();
      if (!(await app.requestsInFlight.settled(answerLimitMs))) {
        app.log.warn({ running: app.requestsInFlight.count }, `stopping: requests still running after ${answerLimitMs / 1000} s`);
      }
    });
    app.addHook('onClose', async () => clearTimeout(cut));
  },
  { name: 'graceful-stop', dependencies: ['requests-in-flight'] },
);
