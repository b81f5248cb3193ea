import http from 'node:http';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/app';

/** Shutdown with a request still running whose client has hung up (an autocannon stopping, a closed tab). */
describe('closing the app', () => {
  it('lets a running request finish its queries before the database it owns is closed', async () => {
    const app = await buildApp({ ...testConfig(), database: { memory: true } }, { logger: false });
    const outcome: { value?: number; error?: unknown } = {};
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    // The handler's query comes once the app has begun to close (its client gone): the close must wait for it.
    let closeBegun!: () => void;
    const closing = new Promise<void>((resolve) => (closeBegun = resolve));
    app.get('/slow-query', { config: { public: true } }, async () => {
      started();
      await closing;
      try {
        const result = await app.db.execute(sql`select 41 + 1 as value`);
        outcome.value = Number((result as unknown as { rows: { value: number }[] }).rows[0]?.value);
      } catch (error) {
        outcome.error = error;
      }
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };

    const request = http.get({ host: '127.0.0.1', port, path: '/slow-query' });
    request.on('error', () => undefined);
    await running;
    request.destroy();
    const closed = app.close();
    closeBegun();
    await closed;

    expect(outcome.error).toBeUndefined();
    expect(outcome.value).toBe(42);
  });
});
