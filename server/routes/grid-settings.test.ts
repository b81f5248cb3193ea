import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GridSettings } from '../../contract/grid-settings';
import { createTestApp, type TestApp } from '../test/app';
import { caller, databaseDigest, type CatalogueCall } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

const arranged: GridSettings = {
  columns: [
    { id: 'name', hidden: false, width: 300 },
    { id: 'seo_title', hidden: true, width: null },
    { id: 'category', hidden: false, width: 120 },
  ],
};

describe.each(engines)('GET/POST /api/grid-settings/:grid on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;

  beforeAll(async () => {
    t = await createTestApp(engine);
    call = caller(t, (await t.signIn()).headers);
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/grid-settings/brands' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/grid-settings/brands', payload: arranged })).statusCode).toBe(401);
  });

  it('a grid never arranged has no columns; arranged, it answers them as stored, per operator and grid', async () => {
    expect((await call('GET', '/api/grid-settings/brands')).body).toEqual({ columns: [] });
    const saved = await call('POST', '/api/grid-settings/brands', arranged);
    expect(saved).toMatchObject({ status: 200, body: arranged });
    expect((await call('GET', '/api/grid-settings/brands')).body).toEqual(arranged);
    // Stored again: replaced, not added to.
    const again = { columns: [{ id: 'name', hidden: true, width: 200 }] };
    expect((await call('POST', '/api/grid-settings/brands', again)).body).toEqual(again);
    expect((await call('GET', '/api/grid-settings/brands')).body).toEqual(again);
    // Another grid and another operator have their own.
    expect((await call('GET', '/api/grid-settings/events')).body).toEqual({ columns: [] });
    const other = caller(t, (await t.signIn()).headers);
    expect((await other('GET', '/api/grid-settings/brands')).body).toEqual({ columns: [] });
  });

  it('Reset columns: an empty list forgets the grid', async () => {
    await call('POST', '/api/grid-settings/runs', arranged);
    expect((await call('POST', '/api/grid-settings/runs', { columns: [] })).body).toEqual({ columns: [] });
    expect((await call('GET', '/api/grid-settings/runs')).body).toEqual({ columns: [] });
  });

  it('answers 404 for a grid that does not exist, and changes nothing', async () => {
    const before = await databaseDigest(t.database.db);
    expect((await call('GET', '/api/grid-settings/invoices')).status).toBe(404);
    expect((await call('POST', '/api/grid-settings/invoices', arranged)).status).toBe(404);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('answers 422 for settings it cannot keep, and changes nothing', async () => {
    await call('POST', '/api/grid-settings/events', arranged);
    const before = await databaseDigest(t.database.db);
    const bad: unknown[] = [
      {},
      { columns: 'name' },
      { columns: [{ id: 'name', hidden: 'no', width: null }] },
      { columns: [{ id: '', hidden: false, width: null }] },
      { columns: [{ id: 'name', hidden: false, width: 5 }] },
      { columns: [{ id: 'name', hidden: false, width: 100_000 }] },
      { columns: [{ id: 'name', hidden: false, width: 120.5 }] },
      {
        columns: [
          { id: 'name', hidden: false, width: null },
          { id: 'name', hidden: true, width: null },
        ],
      },
      { columns: Array.from({ length: 65 }, (_, i) => ({ id: `c${i}`, hidden: false, width: null })) },
    ];
    for (const body of bad)
      expect((await call('POST', '/api/grid-settings/events', body)).status, JSON.stringify(body).slice(0, 80)).toBe(422);
    expect(await databaseDigest(t.database.db)).toBe(before);
    expect((await call('GET', '/api/grid-settings/events')).body).toEqual(arranged);
  });
});
