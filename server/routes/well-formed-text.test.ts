import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Equipment } from '../../contract/equipments';
import type { ErrorAnswer } from '../../contract/http';
import { notWellFormedMessage } from '../../contract/well-formed-text';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

/**
 * docs/product.md#validation: text that is not well formed used to be a 500 or to be stored changed; now it is a
 * 422 naming the field, and nothing changes. (text-fields.test.ts checks every text field of every route alike.)
 */

const engines = await availableEngines();

const refusal = (...fields: string[]) => {
  const messages = fields.map((field) => notWellFormedMessage(field));
  return { message: messages[0], errors: Object.fromEntries(fields.map((field, i) => [field, [messages[i]]])) };
};

describe.each(engines)('well-formed text on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  beforeAll(async () => {
    ({ t, call, ids } = await catalogueApp(engine));
  });
  afterAll(() => t.close());

  const genelec8341 = async () => {
    const res = await call<{ equipments: Equipment[] }>('GET', `/api/equipments?brand_id=${await ids.brand('Genelec')}`);
    const item = res.body.equipments.find((e) => e.model === '8341A');
    if (!item) throw new Error('Genelec 8341A not listed');
    return item;
  };

  it('POST /api/equipments/update: an unpaired surrogate in a tag (was a 500) or in the description (was stored as U+FFFD) is a 422; the row is as it was', async () => {
    const item = await genelec8341();
    const before = await databaseDigest(t.database.db);
    const tag = await call('POST', '/api/equipments/update', { ...item, tags: ['\ud800'] });
    expect([tag.status, tag.body]).toEqual([422, refusal('tags.0')]);
    const described = await call('POST', '/api/equipments/update', { ...item, description: 'a\ud800' });
    expect([described.status, described.body]).toEqual([422, refusal('description')]);
    const nul = await call('POST', '/api/equipments/update', { ...item, tags: 'studio,\u0000' });
    expect([nul.status, nul.body]).toEqual([422, refusal('tags')]);
    expect(await databaseDigest(t.database.db)).toBe(before);
    expect(await genelec8341()).toEqual(item);
  });

  it('POST /api/equipments/generate: a NUL in the names form (was a 500) is a 422 naming the field; no run is queued', async () => {
    const before = await databaseDigest(t.database.db);
    const brands = [await ids.brand('Genelec')];
    const category = await call('POST', '/api/equipments/generate', {
      category: 'Audio Equipment\u0000',
      subcategory: 'Studio Monitors',
      brands,
    });
    expect([category.status, category.body]).toEqual([422, refusal('category')]);
    const subcategory = await call('POST', '/api/equipments/generate', { category: 'Audio Equipment', subcategory: '\ud800', brands });
    expect([subcategory.status, subcategory.body]).toEqual([422, refusal('subcategory')]);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('a body of two forms names the fields of the form the input comes closest to, never `_`', async () => {
    const before = await databaseDigest(t.database.db);
    const names = await call<ErrorAnswer>('POST', '/api/equipments/generate', {
      category: 'Audio Equipment\u0000',
      subcategory: 'Studio Monitors',
    });
    expect(names.status).toBe(422);
    expect(names.body.message).toBe(notWellFormedMessage('category'));
    expect(Object.keys(names.body.errors ?? {})).toEqual(['category', 'brands']);
    const empty = await call<ErrorAnswer>('POST', '/api/equipments/generate', {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(['subcategory_id', 'brands']);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('GET /api/equipments: a NUL inside the texts of a cursor (was a 500) is a 422 naming `after`', async () => {
    const after = encodeURIComponent(JSON.stringify(['Genelec\u0000', '8341A', 1]));
    const res = await call<ErrorAnswer>('GET', `/api/equipments?brand_id=${await ids.brand('Genelec')}&after=${after}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['after']);
  });

  it('text with paired surrogates (an emoji) is well formed: stored and answered as sent', async () => {
    const id = await ids.subcategory('Studio Monitors');
    const res = await call<{ subcategory: { name: string } }>('POST', '/api/subcategories/update', { id, name: 'Studio Monitors 🎧' });
    expect(res.status).toBe(200);
    expect(res.body.subcategory.name).toBe('Studio Monitors 🎧');
    const page = await call<{ brands: { subcategory: { name: string } }[] }>('GET', `/api/brands?subcategory_id=${id}&limit=1`);
    expect(page.body.brands[0]?.subcategory.name).toBe('Studio Monitors 🎧');
  });
});
