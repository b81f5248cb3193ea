import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { brandsPageQuery, excludeBrandBody } from '../../contract/brands';
import { bulkBrandExclusionBody, bulkModelExclusionBody } from '../../contract/bulk-exclusions';
import { brandHistoryQuery } from '../../contract/history';
import {
  categoriesQuery,
  categoriesWithSubcategoriesQuery,
  moveSubcategoryBody,
  moveSubcategoryVariantBody,
  renameBody,
} from '../../contract/categories';
import {
  equipmentBrandsQuery,
  equipmentExclusionPathParams,
  equipmentsQuery,
  updateEquipmentBody,
} from '../../contract/equipments';
import { eventsPageQuery } from '../../contract/events';
import { exclusionsQuery, removeExclusionByNameBody } from '../../contract/exclusions';
import { equipmentHistoryQuery, equipmentsHistoryQuery, historyQuery } from '../../contract/history';
import {
  brandExclusionsExportQuery,
  brandsExportQuery,
  equipmentExclusionsExportQuery,
  equipmentsExportQuery,
  eventsExportQuery,
} from '../../contract/grid-exports';
import { idParams } from '../../contract/ids';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

/**
 * Every route of the catalogue (issue 3), fed random malformed input: wrong types, missing fields, huge strings,
 * negative, fractional and huge ids, nested garbage, bodies that are not JSON. Each must answer 4xx (never 5xx)
 * and leave every table as it was. "Malformed" is decided by the route's own contract schema; an input that
 * happens to be valid must still never be a 5xx (so a hole in a contract shows), and a read never changes a table.
 */

const engines = await availableEngines();
const runsPerRoute = 20;

type Method = 'GET' | 'POST' | 'DELETE';
interface Route {
  method: Method;
  /** The path; `:id` is replaced by the generated id text. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  queryKeys?: string[];
  body?: z.ZodType;
  /** A valid body to break one field of (filled in once the demo ids are known). */
  validBody?: () => Record<string, unknown>;
  /** A valid query to break one field of. */
  validQuery?: () => Record<string, string>;
}

// What a query value can be: text (Fastify parses query strings into text) or repeated keys (a list).
const oddText = fc.oneof(
  fc.constantFrom('', ' ', '-1', '0', '1.5', '-0', '1e309', '99999999999', '2147483648', 'NaN', 'null', 'true', '[]', '{}', 'abc', '\u0000', '%', '_'),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 256, maxLength: 1200 }),
  fc.integer().map(String),
  fc.double().map(String),
);
const queryValue = fc.oneof({ weight: 4, arbitrary: oddText }, { weight: 1, arbitrary: fc.array(oddText, { minLength: 2, maxLength: 3 }) });
const randomQuery = (keys: string[]) =>
  fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(keys.length ? keys : ['x'])) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }), queryValue, {
    maxKeys: 5,
  });
/** Random queries, and valid ones with one field broken or left out (so that the rest reaches deeper). */
const queryOf = (route: Route): fc.Arbitrary<Record<string, string | string[]>> => {
  const random = randomQuery(route.queryKeys ?? []);
  const base = route.validQuery;
  if (!base) return random;
  const keys = Object.keys(base());
  return fc.oneof(
    random,
    fc.tuple(fc.constantFrom(...keys), queryValue).map(([key, value]) => ({ ...base(), [key]: value })),
    fc.constantFrom(...keys).map((key) => {
      const copy: Record<string, string | string[]> = base();
      delete copy[key];
      return copy;
    }),
  );
};

/** Values every field is tried with, one field at a time, in the boundary test. */
const boundaryValues: unknown[] = ['', ' ', '0', '-1', '1.5', '99999999999', '2147483648', 'abc', '\u0000', 'x'.repeat(5000), null, true, 0, -1, 2.5, 2 ** 31, {}, []];

// What a JSON field can be when it is wrong.
const oddJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53), '', ' ', 'NaN', '12abc', '\u0000', [], {}),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 256, maxLength: 12_000 }),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

type BodyCase = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };
const bodyFor = (route: Route): fc.Arbitrary<BodyCase> => {
  const keys = route.validBody ? Object.keys(route.validBody()) : [];
  const broken: fc.Arbitrary<unknown>[] = [fc.jsonValue({ maxDepth: 4 }), fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['name'])), oddJson)];
  if (route.validBody) {
    const base = route.validBody;
    broken.push(
      fc.tuple(fc.constantFrom(...keys), oddJson).map(([key, value]) => ({ ...base(), [key]: value })),
      fc.constantFrom(...keys).map((key) => {
        const copy = base();
        delete copy[key];
        return copy;
      }),
    );
  }
  return fc.oneof(
    { weight: 6, arbitrary: fc.oneof(...broken).map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{', '{"id":', '[1,', 'nul', '{"a":1}}', '\u0000'))
        .filter((text) => {
          try {
            JSON.parse(text);
            return false;
          } catch {
            return true;
          }
        })
        .map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((text) => ({ kind: 'raw' as const, text, contentType: 'text/plain' })) },
  );
};

const idText = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3x', 'abc', '99999999999', '2147483648', '-2147483649', '%7Bid', 'null', '%20', '0x10'),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  fc.double({ noInteger: true }).map((n) => encodeURIComponent(String(n))),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
);

const valid = (schema: z.ZodType | undefined, value: unknown) => schema === undefined || schema.safeParse(value).success;

describe.each(engines)('malformed input on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let auth: { authorization: string };
  let routes: Route[];
  let before: string;
  beforeAll(async () => {
    let ids: DemoIds;
    ({ t, call, headers: auth, ids } = await catalogueApp(engine));
    const category = await ids.category('Audio Equipment');
    const subcategory = await ids.subcategory('Studio Monitors');
    const otherCategory = await ids.category('Fitness Equipment');
    const equipmentId = await ids.equipment('Genelec', '8341A');
    const brand = await ids.brand('Genelec');
    const equipmentRow = (await call<Record<string, unknown>>('GET', `/api/equipments?brand_id=${await ids.brand('Genelec')}`)).body as {
      equipments: Record<string, unknown>[];
    };
    const equipment = equipmentRow.equipments.find((e) => e.id === equipmentId) ?? {};
    routes = [
      { method: 'GET', path: '/api/categories', query: categoriesQuery, queryKeys: ['subcategory_id', 'category_id'], validQuery: () => ({ subcategory_id: String(subcategory), category_id: String(category) }) },
      { method: 'GET', path: '/api/categories-with-subcategories', query: categoriesWithSubcategoriesQuery, queryKeys: ['subcategory_id'], validQuery: () => ({ subcategory_id: String(subcategory) }) },
      { method: 'POST', path: '/api/categories/update', body: renameBody, validBody: () => ({ id: category, name: 'Audio' }) },
      { method: 'POST', path: '/api/subcategories/update', body: renameBody, validBody: () => ({ id: subcategory, name: 'Monitors' }) },
      {
        method: 'POST',
        path: '/api/equipments/subcategory/update',
        body: moveSubcategoryBody,
        validBody: () => ({ subcategoryId: subcategory, newCategoryId: otherCategory }),
      },
      {
        method: 'POST',
        path: '/api/subcategory/update-category',
        body: moveSubcategoryVariantBody,
        validBody: () => ({ subcategoryId: subcategory, newCategory: otherCategory }),
      },
      {
        method: 'GET',
        path: '/api/brands',
        query: brandsPageQuery,
        queryKeys: ['subcategory_id', 'q', 'sort', 'dir', 'offset', 'limit', 'with_equipments'],
        validQuery: () => ({ subcategory_id: String(subcategory), q: 'a', sort: 'name', dir: 'desc', offset: '0', limit: '10', with_equipments: 'true' }),
      },
      { method: 'GET', path: '/api/brands/:id', params: idParams },
      {
        method: 'GET',
        path: '/api/events',
        query: eventsPageQuery,
        queryKeys: ['category_id', 'q', 'sort', 'dir', 'offset', 'limit'],
        validQuery: () => ({ category_id: String(category), q: 'a', sort: 'name', dir: 'asc', offset: '0', limit: '10' }),
      },
      { method: 'GET', path: '/api/statuses' },
      { method: 'GET', path: '/api/equipments/statuses' },
      {
        method: 'GET',
        path: '/api/equipments',
        query: equipmentsQuery,
        queryKeys: ['subcategory', 'subcategory_id', 'brand_id', 'offset', 'limit'],
        validQuery: () => ({ subcategory: 'Studio Monitors', subcategory_id: String(subcategory), brand_id: String(brand), offset: '0', limit: '10' }),
      },
      { method: 'POST', path: '/api/equipments/update', body: updateEquipmentBody, validBody: () => ({ ...equipment }) },
      {
        method: 'GET',
        path: '/api/equipments/brands',
        query: equipmentBrandsQuery,
        queryKeys: ['subcategory_id', 'q', 'offset', 'limit'],
        validQuery: () => ({ subcategory_id: String(subcategory), q: 'e', offset: '0', limit: '5' }),
      },
      { method: 'GET', path: '/api/equipments/history', query: equipmentsHistoryQuery, queryKeys: ['subcategory'], validQuery: () => ({ subcategory: 'Studio Monitors' }) },
      { method: 'GET', path: '/api/equipment-generation-history', query: equipmentHistoryQuery, queryKeys: ['subcategory'], validQuery: () => ({ subcategory: 'Studio Monitors' }) },
      {
        method: 'GET',
        path: '/api/history',
        query: historyQuery,
        queryKeys: ['subcategory_id', 'category_id', 'type'],
        validQuery: () => ({ subcategory_id: String(subcategory), category_id: String(category), type: 'Equipments' }),
      },
      {
        method: 'GET',
        path: '/api/brand-generation-history',
        query: brandHistoryQuery,
        queryKeys: ['subcategory_id', 'brand_id'],
        validQuery: () => ({ subcategory_id: String(subcategory), brand_id: String(brand) }),
      },
      { method: 'GET', path: '/api/brands/history' },
      { method: 'GET', path: '/api/overview' },
      { method: 'GET', path: '/api/equipments/exclusions', query: exclusionsQuery, queryKeys: ['offset', 'limit'], validQuery: () => ({ offset: '0', limit: '5' }) },
      { method: 'POST', path: '/api/equipments/exclusions/:id', params: equipmentExclusionPathParams },
      { method: 'DELETE', path: '/api/equipments/exclusions/:id', params: equipmentExclusionPathParams },
      {
        method: 'POST',
        path: '/api/equipments/exclusions/%7Bid%7D',
        body: removeExclusionByNameBody,
        validBody: () => ({ data: { brand: 'Genelec', model: '8341A' } }),
      },
      {
        method: 'POST',
        path: '/api/equipments/exclusions/remove',
        body: removeExclusionByNameBody,
        validBody: () => ({ data: { brand: 'Genelec', model: '8341A' } }),
      },
      { method: 'POST', path: '/api/brands/exclusions', body: excludeBrandBody, validBody: () => ({ name: 'Genelec', subcategory_id: subcategory }) },
      { method: 'GET', path: '/api/brands/exclusions', query: exclusionsQuery, queryKeys: ['offset', 'limit'], validQuery: () => ({ offset: '0', limit: '5' }) },
      { method: 'DELETE', path: '/api/brands/exclusions/:id', params: idParams },
      {
        method: 'POST',
        path: '/api/brands/exclusions/bulk',
        body: bulkBrandExclusionBody,
        validBody: () => ({ excluded: true, selection: { filter: { subcategory_id: subcategory, q: 'Genelec' } } }),
      },
      {
        method: 'POST',
        path: '/api/equipments/exclusions/bulk',
        body: bulkModelExclusionBody,
        validBody: () => ({ excluded: true, selection: { filter: { subcategory_id: subcategory, brand_id: brand, q: '8341' } } }),
      },
      { method: 'POST', path: '/api/exclusion-changes/:id/undo', params: idParams },
      {
        method: 'GET',
        path: '/api/brands/export',
        query: brandsExportQuery,
        queryKeys: ['subcategory_id', 'q', 'sort', 'dir', 'columns'],
        validQuery: () => ({ subcategory_id: String(subcategory), q: 'a', sort: 'name', dir: 'desc', columns: 'name,status' }),
      },
      {
        method: 'GET',
        path: '/api/events/export',
        query: eventsExportQuery,
        queryKeys: ['category_id', 'q', 'sort', 'dir', 'columns'],
        validQuery: () => ({ category_id: String(category), q: 'a', sort: 'name', dir: 'asc', columns: 'name' }),
      },
      {
        method: 'GET',
        path: '/api/equipments/export',
        query: equipmentsExportQuery,
        queryKeys: ['subcategory', 'subcategory_id', 'brand_id', 'q', 'sort', 'dir', 'columns'],
        validQuery: () => ({ subcategory_id: String(subcategory), brand_id: String(brand), q: 'e', sort: 'model', dir: 'desc', columns: 'brand,model' }),
      },
      {
        method: 'GET',
        path: '/api/equipments/exclusions/export',
        query: equipmentExclusionsExportQuery,
        queryKeys: ['q', 'sort', 'dir', 'columns'],
        validQuery: () => ({ q: 'e', sort: 'year', dir: 'desc', columns: 'brand,model,year' }),
      },
      {
        method: 'GET',
        path: '/api/brands/exclusions/export',
        query: brandExclusionsExportQuery,
        queryKeys: ['q', 'sort', 'dir', 'columns'],
        validQuery: () => ({ q: 'e', sort: 'socials', dir: 'asc', columns: 'name,socials' }),
      },
    ];
    before = await databaseDigest(t.database.db);
  });
  afterAll(() => t.close());

  it('covers every route of the catalogue', () => {
    expect(routes.length).toBe(36);
  });

  const routeNames = [
    'GET /api/categories',
    'GET /api/categories-with-subcategories',
    'POST /api/categories/update',
    'POST /api/subcategories/update',
    'POST /api/equipments/subcategory/update',
    'POST /api/subcategory/update-category',
    'GET /api/brands',
    'GET /api/brands/:id',
    'GET /api/events',
    'GET /api/statuses',
    'GET /api/equipments/statuses',
    'GET /api/equipments',
    'POST /api/equipments/update',
    'GET /api/equipments/brands',
    'GET /api/equipments/history',
    'GET /api/equipment-generation-history',
    'GET /api/history',
    'GET /api/brand-generation-history',
    'GET /api/brands/history',
    'GET /api/overview',
    'GET /api/equipments/exclusions',
    'POST /api/equipments/exclusions/:id',
    'DELETE /api/equipments/exclusions/:id',
    'POST /api/equipments/exclusions/%7Bid%7D',
    'POST /api/equipments/exclusions/remove',
    'POST /api/brands/exclusions',
    'GET /api/brands/exclusions',
    'DELETE /api/brands/exclusions/:id',
    'POST /api/exclusion-changes/:id/undo',
    'GET /api/brands/export',
    'GET /api/events/export',
    'GET /api/equipments/export',
    'GET /api/equipments/exclusions/export',
    'GET /api/brands/exclusions/export',
  ];

  it.each(routeNames)('%s: malformed input answers 4xx and changes nothing', async (name) => {
    const route = routes.find((r) => `${r.method} ${r.path}` === name);
    if (!route) throw new Error(`no route ${name}`);
    const takesInput = route.params !== undefined || route.query !== undefined || route.body !== undefined;
    const input = fc.record({
      id: route.params ? idText : fc.constant(''),
      query: route.query ? queryOf(route) : takesInput ? fc.constant({}) : randomQuery([]),
      body: route.body ? bodyFor(route) : fc.constant(undefined),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ id, query, body }) => {
        const decodedId = route.params ? safeDecode(id) : '';
        const malformed =
          (route.params !== undefined && !valid(route.params, { id: decodedId })) ||
          (route.query !== undefined && !valid(route.query, query)) ||
          (body !== undefined && (body.kind === 'raw' || !valid(route.body, body.value)));
        // An input the contract accepts may be answered 2xx or 4xx, but never 5xx; a read must change nothing.

        const res = await t.app.inject({
          method: route.method,
          url: route.path.replace(':id', id),
          query: query as Record<string, string | string[]>,
          headers: {
            ...auth,
            ...(body === undefined ? {} : { 'content-type': body.kind === 'raw' ? body.contentType : 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: body.kind === 'raw' ? body.text : JSON.stringify(body.value) }),
        });
        const what = `${name} ${JSON.stringify({ id, query, body }).slice(0, 300)} -> ${res.body.slice(0, 200)}`;
        if (malformed) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
        const after = await databaseDigest(t.database.db);
        if (malformed || route.method === 'GET') expect(after, what).toBe(before);
        else before = after; // a valid change (a rename, an exclusion) is the new state to hold

      }),
      { numRuns: runsPerRoute },
    );
  });

  it('every field of every route, one at a time, with boundary values: 4xx when refused, never 5xx, nothing changed', async () => {
    for (const route of routes) {
      const cases: { id: string; query: Record<string, unknown>; body: unknown }[] = [];
      const query = route.validQuery?.() ?? {};
      const body = route.validBody?.();
      const id = route.params ? '1' : '';
      for (const value of boundaryValues) {
        if (route.params && typeof value !== 'object') cases.push({ id: encodeURIComponent(String(value)), query, body });
        for (const key of Object.keys(query)) {
          if (typeof value === 'object' && value !== null) continue;
          cases.push({ id, query: { ...query, [key]: value === null ? '' : String(value) }, body });
        }
        for (const key of Object.keys(body ?? {})) cases.push({ id, query, body: { ...body, [key]: value } });
      }
      for (const c of cases) {
        const malformed =
          (route.params !== undefined && !valid(route.params, { id: safeDecode(c.id) })) ||
          (route.query !== undefined && !valid(route.query, c.query)) ||
          (route.body !== undefined && !valid(route.body, c.body));
        if (!malformed && route.method !== 'GET') continue;
        const res = await t.app.inject({
          method: route.method,
          url: route.path.replace(':id', c.id),
          query: c.query as Record<string, string>,
          headers: { ...auth, ...(c.body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(c.body === undefined ? {} : { payload: JSON.stringify(c.body) }),
        });
        const what = `${route.method} ${route.path} ${JSON.stringify(c).slice(0, 300)} -> ${res.body.slice(0, 200)}`;
        if (malformed) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
      }
      expect(await databaseDigest(t.database.db), `${route.method} ${route.path}`).toBe(before);
    }
  });

  it('every route answers 401 without a token, whatever it is sent, and changes nothing', async () => {
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method,
        url: route.path.replace(':id', '1'),
        ...(route.method === 'GET' ? {} : { payload: route.validBody?.() ?? {} }),
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });
});

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

