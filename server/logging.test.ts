import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp, redactedLogPaths } from './app';
import { upsertOperator } from './auth/users';
import { openDatabase } from './db/client';
import { testConfig } from './test/app';

describe('logs', () => {
  it('never carry a password or a bearer token, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openDatabase({ memory: true });
    const app = await buildApp(testConfig(), { database, logger: { level: 'trace', redact: redactedLogPaths, stream } });
    await upsertOperator(database.db, { email: 'log@example.com', password: 'hunter2-very-secret' });

    await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'log@example.com', password: 'wrong-secret-guess' } });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'log@example.com', password: 'hunter2-very-secret' },
    });
    const { token } = login.json<{ token: string }>();
    await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ url: '/api/user', headers: { authorization: 'Bearer forged-token-value' } });
    await app.close();
    await database.close();

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(4);
    expect(log).toContain('login succeeded');
    for (const secret of ['hunter2-very-secret', 'wrong-secret-guess', token, 'forged-token-value']) expect(log).not.toContain(secret);
  });
});
