import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { busyAnswer, busyRetryAfterSeconds } from './load-shedding';

/** Blocks this thread as a long query on the embedded database would. */
function blockEventLoop(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Keeps the event loop lagging (a 200 ms block each turn, as a queue of slow queries would) until stopped. */
function lagEventLoop(): () => void {
  const timer = setInterval(() => blockEventLoop(200), 1);
  return () => clearInterval(timer);
}

/** Holds the database's one connection (as a long transaction would) until `release` is called. */
function holdDatabase(t: TestApp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = t.database.db.transaction(async () => {
    held();
    await released;
  });
  return { holding, release: async () => (release(), await done) };
}

const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health' });

/** Waits until `count` requests are being served (waiting on the held database). */
const untilInFlight = (t: TestApp, count: number) =>
  vi.waitFor(() => expect(t.app.requestsInFlight.count).toBe(count), { timeout: 10_000, interval: 5 });

/** Asks until `accept` holds for an answer, for at most ten seconds (the lag check samples once a second). */
async function askUntil(t: TestApp, accept: (status: number) => boolean) {
  for (let tries = 0; tries < 200; tries += 1) {
    const res = await health(t);
    if (accept(res.statusCode)) return res;
    await sleep(50);
  }
  throw new Error('the answer never came');
}

describe('load shedding (docs/figures.md)', () => {
  describe('requests in flight', () => {
    let t: TestApp;
    let headers: { authorization: string };
    beforeAll(async () => {
      t = await createTestApp('pglite', { loadShedding: { maxInFlight: 2, maxEventLoopDelayMs: 0 } });
      ({ headers } = await t.signIn());
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers 503 with Retry-After to a request arriving with the most already in flight; those finish, and it serves again', async () => {
      const database = holdDatabase(t);
      await database.holding;
      const waiting = [1, 2].map(() => t.app.inject({ method: 'GET', url: '/api/categories', headers }));
      await untilInFlight(t, 2);

      const shed = await health(t);
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe(String(busyRetryAfterSeconds));
      expect(shed.json()).toEqual(busyAnswer);

      await database.release();
      for (const answer of await Promise.all(waiting)) expect(answer.statusCode).toBe(200);
      expect((await health(t)).statusCode).toBe(200);
    });
  });

  describe('event-loop lag', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { loadShedding: { maxInFlight: 0, maxEventLoopDelayMs: 100 } });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers 503 with Retry-After while the event loop lags, then serves again once it is calm', async () => {
      expect((await health(t)).statusCode).toBe(200);
      const stopLagging = lagEventLoop();
      const shed = await askUntil(t, (status) => status === 503).finally(stopLagging);
      expect(shed.headers['retry-after']).toBe(String(busyRetryAfterSeconds));
      expect(shed.json()).toEqual(busyAnswer);
      await askUntil(t, (status) => status === 200);
    });
  });

  it('never sheds when both checks are off (0)', async () => {
    const calm = await createTestApp('pglite', { loadShedding: { maxInFlight: 0, maxEventLoopDelayMs: 0 } });
    // Under the same load, an app that checks (in flight: 2, lag: 100 ms) sheds: by then the calm one would have too.
    const checking = await createTestApp('pglite', { loadShedding: { maxInFlight: 2, maxEventLoopDelayMs: 100 } });
    const [{ headers: calmHeaders }, { headers: checkingHeaders }] = [await calm.signIn(), await checking.signIn()];
    const calmDatabase = holdDatabase(calm);
    const checkingDatabase = holdDatabase(checking);
    let stopLagging = () => {};
    try {
      await Promise.all([calmDatabase.holding, checkingDatabase.holding]);
      const waiting = [
        ...[1, 2, 3].map(() => calm.app.inject({ method: 'GET', url: '/api/categories', headers: calmHeaders })),
        ...[1, 2].map(() => checking.app.inject({ method: 'GET', url: '/api/categories', headers: checkingHeaders })),
      ];
      await Promise.all([untilInFlight(calm, 3), untilInFlight(checking, 2)]);
      expect((await health(checking)).statusCode).toBe(503);
      expect((await health(calm)).statusCode).toBe(200);

      await Promise.all([calmDatabase.release(), checkingDatabase.release()]);
      for (const answer of await Promise.all(waiting)) expect(answer.statusCode).toBe(200);
      stopLagging = lagEventLoop();
      await askUntil(checking, (status) => status === 503);
      expect((await health(calm)).statusCode).toBe(200);
    } finally {
      stopLagging();
      await Promise.all([calmDatabase.release(), checkingDatabase.release()]);
      await calm.close();
      await checking.close();
    }
  });
});
