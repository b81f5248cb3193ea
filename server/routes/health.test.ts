import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthAnswer } from '../../contract/health';
import { createTestApp, type TestApp } from '../test/app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers { status: ok } without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthAnswer.parse(res.json())).toEqual({ status: 'ok' });
  });
});
