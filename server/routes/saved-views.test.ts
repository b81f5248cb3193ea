import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView, SavedViewState } from '../../contract/saved-views';
import { createTestApp, type TestApp } from '../test/app';
import { caller, databaseDigest, type CatalogueCall } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

const acmeByNewest: SavedViewState = { q: 'acme', sort: 'created_at', dir: 'desc', columns: ['name', 'status', 'created_at'] };
const plain: SavedViewState = { columns: ['name', 'seo_title'] };

describe.each(engines)('/api/saved-views on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let other: CatalogueCall;

  beforeAll(async () => {
    t = await createTestApp(engine);
    call = caller(t, (await t.signIn()).headers);
    other = caller(t, (await t.signIn()).headers);
  });
  afterAll(() => t.close());

  const create = (name: string, state: SavedViewState = plain, grid = 'brands') =>
    call<SavedView>('POST', '/api/saved-views', { grid, name, state });

  it('answers 401 without a token, for every endpoint', async () => {
    const requests = [
      { method: 'GET', url: '/api/saved-views?grid=brands' },
      { method: 'POST', url: '/api/saved-views', payload: { grid: 'brands', name: 'A', state: plain } },
      { method: 'POST', url: '/api/saved-views/1', payload: { name: 'B' } },
      { method: 'DELETE', url: '/api/saved-views/1' },
    ] as const;
    for (const request of requests) expect((await t.app.inject(request)).statusCode, request.url).toBe(401);
  });

  it('saves a view with its name trimmed, lists it by grid and operator, by name', async () => {
    const saved = await create('  Acme, newest first  ', acmeByNewest);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ grid: 'brands', name: 'Acme, newest first', state: acmeByNewest });
    expect(Date.parse(saved.body.created_at)).not.toBeNaN();
    await create('all brands');
    await create('Events by date', { sort: 'start_date', columns: ['name'] }, 'events');

    const list = await call<{ views: SavedView[] }>('GET', '/api/saved-views?grid=brands');
    expect(list.status).toBe(200);
    expect(list.body.views.map((v) => v.name)).toEqual(['Acme, newest first', 'all brands']);
    expect((await call<{ views: SavedView[] }>('GET', '/api/saved-views?grid=events')).body.views.map((v) => v.name)).toEqual([
      'Events by date',
    ]);
    expect((await other('GET', '/api/saved-views?grid=brands')).body).toEqual({ views: [] });
  });

  it('renames a view, replaces its state, or both', async () => {
    const view = (await create('Rename me')).body;
    const renamed = await call<SavedView>('POST', `/api/saved-views/${view.id}`, { name: ' Renamed ' });
    expect(renamed).toMatchObject({ status: 200, body: { id: view.id, name: 'Renamed', state: plain } });
    const restated = await call<SavedView>('POST', `/api/saved-views/${view.id}`, { state: acmeByNewest });
    expect(restated.body).toMatchObject({ name: 'Renamed', state: acmeByNewest });
    const both = await call<SavedView>('POST', `/api/saved-views/${view.id}`, { name: 'Both', state: plain });
    expect(both.body).toMatchObject({ name: 'Both', state: plain });
    // Its own name in another case is not a clash with itself.
    expect((await call<SavedView>('POST', `/api/saved-views/${view.id}`, { name: 'BOTH' })).body.name).toBe('BOTH');
  });

  it('deletes a view; deleted, it is a 404', async () => {
    const view = (await create('Delete me')).body;
    expect(await call('DELETE', `/api/saved-views/${view.id}`)).toMatchObject({ status: 200, body: { id: view.id } });
    expect((await call<{ views: SavedView[] }>('GET', '/api/saved-views?grid=brands')).body.views.some((v) => v.id === view.id)).toBe(
      false,
    );
    expect((await call('DELETE', `/api/saved-views/${view.id}`)).status).toBe(404);
    expect((await call('POST', `/api/saved-views/${view.id}`, { name: 'Back' })).status).toBe(404);
  });

  it("answers 404 for another operator's view (or none), and changes nothing", async () => {
    const view = (await create('Mine only')).body;
    const before = await databaseDigest(t.database.db);
    expect((await other('POST', `/api/saved-views/${view.id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await other('DELETE', `/api/saved-views/${view.id}`)).status).toBe(404);
    expect((await call('DELETE', '/api/saved-views/2147483647')).status).toBe(404);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('refuses, at the name, a name the operator already uses on the grid, ignoring case; others may use it', async () => {
    const first = (await create('Studio')).body;
    const second = (await create('Second')).body;
    const before = await databaseDigest(t.database.db);
    const clash = await create('  STUDIO ');
    expect(clash.status).toBe(422);
    expect(clash.body).toEqual({
      message: 'You already have a view named “STUDIO” on this grid. Choose another name.',
      errors: { name: ['You already have a view named “STUDIO” on this grid. Choose another name.'] },
    });
    expect((await call('POST', `/api/saved-views/${second.id}`, { name: 'studio' })).status).toBe(422);
    expect(await databaseDigest(t.database.db)).toBe(before);
    // Another grid, another operator: free.
    expect((await create('Studio', plain, 'events')).status).toBe(200);
    expect((await other('POST', '/api/saved-views', { grid: 'brands', name: 'Studio', state: plain })).status).toBe(200);
    expect(first.name).toBe('Studio');
  });

  it('two saves of one name at once store one view', async () => {
    const answers = await Promise.all([create('Racing'), create('racing')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });

  it('answers 422 for a bad name, grid or state, and changes nothing', async () => {
    const view = (await create('Kept')).body;
    const before = await databaseDigest(t.database.db);
    const badCreates: unknown[] = [
      {},
      { grid: 'brands', state: plain },
      { grid: 'brands', name: '   ', state: plain },
      { grid: 'brands', name: 'x'.repeat(81), state: plain },
      { grid: 'brands', name: 'nul\u0000', state: plain },
      { grid: 'invoices', name: 'A', state: plain },
      { grid: 'transactions', name: 'A', state: plain },
      { grid: 'brands', name: 'A' },
      { grid: 'brands', name: 'A', state: { columns: [] } },
      { grid: 'brands', name: 'A', state: { columns: ['name', 'name'] } },
      { grid: 'brands', name: 'A', state: { columns: [''] } },
      { grid: 'brands', name: 'A', state: { columns: ['name'], dir: 'up' } },
      { grid: 'brands', name: 'A', state: { columns: ['name'], q: 'x'.repeat(201) } },
      { grid: 'brands', name: 'A', state: { columns: ['name'], extra: 1 } },
      { grid: 'brands', name: 'A', state: plain, extra: 1 },
      { grid: 'brands', name: 42, state: plain },
    ];
    for (const body of badCreates)
      expect((await call('POST', '/api/saved-views', body)).status, JSON.stringify(body).slice(0, 80)).toBe(422);
    const badUpdates: unknown[] = [{}, { name: '' }, { state: { columns: 'name' } }, { name: 'x'.repeat(81) }];
    for (const body of badUpdates) expect((await call('POST', `/api/saved-views/${view.id}`, body)).status, JSON.stringify(body)).toBe(422);
    for (const url of ['/api/saved-views', '/api/saved-views?grid=invoices']) expect((await call('GET', url)).status, url).toBe(422);
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999']) {
      expect((await call('POST', `/api/saved-views/${id}`, { name: 'B' })).status, id).toBe(422);
      expect((await call('DELETE', `/api/saved-views/${id}`)).status, id).toBe(422);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });
});
