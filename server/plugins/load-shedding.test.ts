import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('load shedding (issue 15 point 4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { loadShedding: { maxEventLoopDelayMs: 100 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

  /** Asks until `accept` holds for an answer, for at most five seconds. */
  async function askUntil(accept: (status: number) => boolean) {
    for (let tries = 0; tries < 100; tries += 1) {
      const res = await health();
      if (accept(res.statusCode)) return res;
      await sleep(50);
    }
    throw new Error('the answer never came');
  }

  it('answers 503 with Retry-After while the event loop lags, then serves again once it is calm', async () => {
    expect((await health()).statusCode).toBe(200);

    const stopLagging = lagEventLoop();
    const shed = await askUntil((status) => status === 503).finally(stopLagging);
    expect(shed.headers['retry-after']).toBe(String(busyRetryAfterSeconds));
    expect(shed.json()).toEqual(busyAnswer);

    const served = await askUntil((status) => status === 200);
    expect(served.json()).toMatchObject({});
  });

  it('never sheds when turned off (0)', async () => {
    const calm = await createTestApp('pglite', { loadShedding: { maxEventLoopDelayMs: 0 } });
    const stopLagging = lagEventLoop();
    try {
      await sleep(1_500);
      expect((await calm.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      stopLagging();
      await calm.close();
    }
  });
});
