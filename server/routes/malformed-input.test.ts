import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '../../contract/api';
import { type EndpointDeclaration, pathOf } from '../../contract/endpoint';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

/**
 * Every route, fed malformed input (docs/product.md#validation): each must answer 4xx (never 5xx) and leave every table as it was.
 * "Malformed" is decided by the route's own declaration (contract/api.ts): an input that happens to be valid must
 * still never be a 5xx (so a hole in a contract shows), and a read never changes a table. The routes are read from
 * the declarations, so a new endpoint is walked without editing this file.
 *
 * - Every query and path parameter of every endpoint, one at a time, with values out of what the database takes
 *   (years 0 and 10000, 2^31, 2^53, -1, 1e999, empty, and numbers not written plainly): an id, a whole number or a
 *   date refuses each of them with a 422 naming the parameter, before any work (an export before its first byte).
 * - The catalogue's endpoints, fuzzed: wrong types, missing fields, huge strings, negative, fractional and huge ids,
 *   nested garbage, bodies that are not JSON.
 */

const engines = await availableEngines();
const runsPerRoute = 20;

type Schema = z.core.$ZodType;

/** An endpoint as the fuzz tests drive it: its declaration, and valid input to break one field of. */
interface Route {
  name: string;
  method: EndpointDeclaration['method'];
  /** The path; `:id` is replaced by the generated id text. */
  path: string;
  params?: Schema;
  query?: Schema;
  queryKeys: string[];
  body?: Schema;
  /** A valid body to break one field of (filled in once the demo ids are known). */
  validBody?: () => Record<string, unknown>;
  /** A valid query to break one field of. */
  validQuery?: () => Record<string, string>;
}

// What a query value can be: text (Fastify parses query strings into text) or repeated keys (a list).
const oddText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1.5',
    '-0',
    '1e309',
    '99999999999',
    '2147483648',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    'abc',
    '\u0000',
    '%',
    '_',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 256, maxLength: 1200 }),
  fc.integer().map(String),
  fc.double().map(String),
);
const queryValue = fc.oneof({ weight: 4, arbitrary: oddText }, { weight: 1, arbitrary: fc.array(oddText, { minLength: 2, maxLength: 3 }) });
const randomQuery = (keys: readonly string[]) =>
  fc.dictionary(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(keys.length ? keys : ['x'])) },
      { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
    ),
    queryValue,
    {
      maxKeys: 5,
    },
  );
/** Random queries, and valid ones with one field broken or left out (so that the rest reaches deeper). */
const queryOf = (route: Route): fc.Arbitrary<Record<string, string | string[]>> => {
  const random = randomQuery(route.queryKeys);
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
const boundaryValues: unknown[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '99999999999',
  '2147483648',
  'abc',
  '\u0000',
  'x'.repeat(5000),
  null,
  true,
  0,
  -1,
  2.5,
  2 ** 31,
  {},
  [],
];

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
  const broken: fc.Arbitrary<unknown>[] = [
    fc.jsonValue({ maxDepth: 4 }),
    fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['name'])), oddJson),
  ];
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

const valid = (schema: Schema | undefined, value: unknown) => schema === undefined || z.safeParse(schema, value).success;

/** What a declared schema takes, read from its JSON Schema (an object, or a union of objects). */
interface JsonObject {
  properties?: Record<string, { enum?: unknown[] }>;
  required?: string[];
  anyOf?: JsonObject[];
  oneOf?: JsonObject[];
}
function inputFields(schema: Schema): { keys: string[]; required: string[]; enums: Map<string, unknown[]> } {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
  const objects = [json, ...(json.anyOf ?? []), ...(json.oneOf ?? [])];
  const keys = new Set<string>();
  const enums = new Map<string, unknown[]>();
  for (const object of objects) {
    for (const [key, property] of Object.entries(object.properties ?? {})) {
      keys.add(key);
      if (property.enum) enums.set(key, property.enum);
    }
  }
  return { keys: [...keys], required: json.required ?? [], enums };
}

/** Whether the schema refuses this input at this field. */
const refusesAt = (schema: Schema, input: Record<string, unknown>, key: string) => {
  const parsed = z.safeParse(schema, input);
  return !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === key);
};

/** Input the schema takes: each required field given the first of a few plain values it accepts. */
function validBase(schema: Schema | undefined): Record<string, string> {
  const base: Record<string, string> = {};
  if (!schema) return base;
  const { required, enums } = inputFields(schema);
  for (const key of required) {
    const candidates = [...(enums.get(key) ?? []).map(String), '1', '2000-01-01', 'a'];
    base[key] = candidates.find((candidate) => !refusesAt(schema, { ...base, [key]: candidate }, key)) ?? '1';
  }
  return base;
}

/** A field that takes a plain number, or a day, and no other text: an id, a whole number, a date. */
function numberOrDay(schema: Schema, base: Record<string, string>, key: string): boolean {
  if (!refusesAt(schema, { ...base, [key]: 'abc' }, key)) return false;
  return !refusesAt(schema, { ...base, [key]: '1' }, key) || !refusesAt(schema, { ...base, [key]: '2000-01-01' }, key);
}

/**
 * What no id, whole number or date of the API may take: years 0 and 10000, 2^31 (past a 32-bit id), 2^53 (past a
 * safe integer), negative, infinite, empty, and numbers not written in plain digits.
 */
const outOfRange = ['0000-01-01', '10000-01-01', String(2 ** 31), String(2 ** 53), '-1', '1e999', '', '0x10', ' 1', '+1', '1.5'];

/** Every endpoint that takes query or path parameters, from the declarations. */
const withParameters = allEndpoints.filter((e) => e.params !== undefined || e.query !== undefined);

/**
 * The catalogue's endpoints, fuzzed. Those that start generation runs are left out: a run changes the database after
 * its answer, so "a read changes nothing" could not be told.
 */
const catalogueResources = new Set([
  'brands',
  'bulkExclusions',
  'categories',
  'equipments',
  'events',
  'exclusions',
  'exclusionChanges',
  'gridExports',
  'history',
  'overview',
  'statuses',
]);
const fuzzed = allEndpoints.filter((e) => catalogueResources.has(e.name.split('.')[0] ?? '') && !/\.generate/.test(e.name));
const nameOf = (e: EndpointDeclaration) => `${e.method} ${e.path}`;

describe.each(engines)('malformed input on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let auth: { authorization: string };
  let routes: Route[];
  let before: string;
  let demoBrand: number;
  beforeAll(async () => {
    let ids: DemoIds;
    ({ t, call, headers: auth, ids } = await catalogueApp(engine));
    const category = await ids.category('Audio Equipment');
    const subcategory = await ids.subcategory('Studio Monitors');
    const otherCategory = await ids.category('Fitness Equipment');
    const equipmentId = await ids.equipment('Genelec', '8341A');
    const brand = await ids.brand('Genelec');
    demoBrand = brand;
    const equipmentRow = (await call<Record<string, unknown>>('GET', `/api/equipments?brand_id=${brand}`)).body as {
      equipments: Record<string, unknown>[];
    };
    const equipment = equipmentRow.equipments.find((e) => e.id === equipmentId) ?? {};
    /** Valid input of the fuzzed endpoints, by declaration name, so that a broken field reaches deeper. */
    const samples: Record<string, Pick<Route, 'validBody' | 'validQuery'>> = {
      'categories.list': { validQuery: () => ({ subcategory_id: String(subcategory), category_id: String(category) }) },
      'categories.withSubcategories': { validQuery: () => ({ subcategory_id: String(subcategory) }) },
      'categories.renameCategory': { validBody: () => ({ id: category, name: 'Audio' }) },
      'categories.renameSubcategory': { validBody: () => ({ id: subcategory, name: 'Monitors' }) },
      'categories.moveSubcategory': { validBody: () => ({ subcategoryId: subcategory, newCategoryId: otherCategory }) },
      'categories.moveSubcategoryVariant': { validBody: () => ({ subcategoryId: subcategory, newCategory: otherCategory }) },
      'brands.list': {
        validQuery: () => ({
          subcategory_id: String(subcategory),
          q: 'a',
          sort: 'name',
          dir: 'desc',
          offset: '0',
          limit: '10',
          with_equipments: 'true',
        }),
      },
      'events.list': { validQuery: () => ({ category_id: String(category), q: 'a', sort: 'name', dir: 'asc', offset: '0', limit: '10' }) },
      'equipments.list': {
        validQuery: () => ({
          subcategory: 'Studio Monitors',
          subcategory_id: String(subcategory),
          brand_id: String(brand),
          offset: '0',
          limit: '10',
        }),
      },
      'equipments.update': { validBody: () => ({ ...equipment }) },
      'equipments.brands': { validQuery: () => ({ subcategory_id: String(subcategory), q: 'e', offset: '0', limit: '5' }) },
      'history.equipments': { validQuery: () => ({ subcategory: 'Studio Monitors' }) },
      'history.equipmentGeneration': { validQuery: () => ({ subcategory: 'Studio Monitors' }) },
      'history.list': { validQuery: () => ({ subcategory_id: String(subcategory), category_id: String(category), type: 'Equipments' }) },
      'history.brandGeneration': { validQuery: () => ({ subcategory_id: String(subcategory), brand_id: String(brand) }) },
      'exclusions.equipments': { validQuery: () => ({ offset: '0', limit: '5' }) },
      'exclusions.brands': { validQuery: () => ({ offset: '0', limit: '5' }) },
      'exclusions.unexcludeEquipmentByName': { validBody: () => ({ data: { brand: 'Genelec', model: '8341A' } }) },
      'exclusions.removeEquipmentByName': { validBody: () => ({ data: { brand: 'Genelec', model: '8341A' } }) },
      'exclusions.excludeBrand': { validBody: () => ({ name: 'Genelec', subcategory_id: subcategory }) },
      'bulkExclusions.brands': {
        validBody: () => ({ excluded: true, selection: { filter: { subcategory_id: subcategory, q: 'Genelec' } } }),
      },
      'bulkExclusions.models': {
        validBody: () => ({ excluded: true, selection: { filter: { subcategory_id: subcategory, brand_id: brand, q: '8341' } } }),
      },
      'gridExports.brands': {
        validQuery: () => ({ subcategory_id: String(subcategory), q: 'a', sort: 'name', dir: 'desc', columns: 'name,status' }),
      },
      'gridExports.events': { validQuery: () => ({ category_id: String(category), q: 'a', sort: 'name', dir: 'asc', columns: 'name' }) },
      'gridExports.equipments': {
        validQuery: () => ({
          subcategory_id: String(subcategory),
          brand_id: String(brand),
          q: 'e',
          sort: 'model',
          dir: 'desc',
          columns: 'brand,model',
        }),
      },
      'gridExports.equipmentExclusions': { validQuery: () => ({ q: 'e', sort: 'year', dir: 'desc', columns: 'brand,model,year' }) },
      'gridExports.brandExclusions': { validQuery: () => ({ q: 'e', sort: 'socials', dir: 'asc', columns: 'name,socials' }) },
    };
    for (const name of Object.keys(samples))
      expect(
        fuzzed.map((e) => e.name),
        `sample of ${name}`,
      ).toContain(name);
    routes = fuzzed.map((e) => ({
      name: nameOf(e),
      method: e.method,
      // A literal `{id}` in a path is sent percent-encoded, as a browser sends it.
      path: e.path.replaceAll('{', '%7B').replaceAll('}', '%7D'),
      params: e.params,
      query: e.query,
      queryKeys: e.query ? inputFields(e.query).keys : [],
      body: e.body,
      ...samples[e.name],
    }));
    before = await databaseDigest(t.database.db);
  });
  afterAll(() => t.close());

  it.each(withParameters.map(nameOf))(
    '%s: every query and path parameter refuses what the database cannot take (422 naming it), never 5xx',
    async (name) => {
      const declaration = withParameters.find((e) => nameOf(e) === name)!;
      const start = await databaseDigest(t.database.db);
      const base = { params: validBase(declaration.params), query: validBase(declaration.query) };
      let walked = 0;
      for (const part of ['params', 'query'] as const) {
        const schema = declaration[part];
        if (!schema) continue;
        for (const key of inputFields(schema).keys) {
          const strict = numberOrDay(schema, base[part], key);
          for (const value of outOfRange) {
            // An empty path segment makes another path: it is not this route's parameter.
            if (part === 'params' && value === '') continue;
            const input = { ...base, [part]: { ...base[part], [key]: value } };
            const refused = refusesAt(schema, input[part], key);
            const what = `${name} ${part}.${key}=${JSON.stringify(value)}`;
            const res = await t.app.inject({
              method: declaration.method,
              url: pathOf(declaration, input.params),
              query: input.query,
              headers: { ...auth, ...(declaration.body ? { 'content-type': 'application/json' } : {}) },
              ...(declaration.body ? { payload: '{}' } : {}),
            });
            expect(res.statusCode, `${what} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
            if (strict) expect(refused, `${what}: the declaration takes it`).toBe(true);
            if (refused) {
              expect(res.statusCode, `${what} -> ${res.body.slice(0, 200)}`).toBe(422);
              expect(res.headers['content-type'], what).toMatch(/^application\/json/);
              expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors), what).toContain(key);
            }
            walked += 1;
          }
        }
      }
      expect(walked).toBeGreaterThan(0);
      expect(await databaseDigest(t.database.db), name).toBe(start);
    },
  );

  it('an id is a whole number in plain digits, in a path, a query string and a body: no other writing names a row', async () => {
    expect((await call('GET', `/api/brands/${demoBrand}`)).status).toBe(200);
    for (const written of [`0x${demoBrand.toString(16)}`, ` ${demoBrand}`, `+${demoBrand}`, `${demoBrand}.0`, `${demoBrand}e0`]) {
      const path = await call<{ errors: Record<string, string[]> }>('GET', `/api/brands/${encodeURIComponent(written)}`);
      expect(path.status, written).toBe(422);
      expect(path.body.errors, written).toEqual({ id: ['The id must be a whole number from 1 to 2147483647.'] });
      const query = await call<{ errors: Record<string, string[]> }>('GET', `/api/equipments?brand_id=${encodeURIComponent(written)}`);
      expect(query.status, written).toBe(422);
      expect(Object.keys(query.body.errors), written).toEqual(['brand_id']);
      const body = await call<{ errors: Record<string, string[]> }>('POST', '/api/brands/exclusions', {
        name: 'Genelec',
        subcategory_id: written,
      });
      expect(body.status, written).toBe(422);
      expect(Object.keys(body.body.errors), written).toEqual(['subcategory_id']);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it.each(fuzzed.map(nameOf))('%s: malformed input answers 4xx and changes nothing', async (name) => {
    const route = routes.find((r) => r.name === name);
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

  it('every field of every fuzzed route, one at a time, with boundary values: 4xx when refused, never 5xx, nothing changed', async () => {
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
        const what = `${route.name} ${JSON.stringify(c).slice(0, 300)} -> ${res.body.slice(0, 200)}`;
        if (malformed) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
      }
      expect(await databaseDigest(t.database.db), route.name).toBe(before);
    }
  });

  it('every endpoint that is not public answers 401 without a token, whatever it is sent, and changes nothing', async () => {
    const start = await databaseDigest(t.database.db);
    for (const declaration of allEndpoints.filter((e) => e.public !== true)) {
      const params = Object.fromEntries(Object.keys(validBase(declaration.params)).map((key) => [key, '1']));
      const res = await t.app.inject({
        method: declaration.method,
        url: pathOf(declaration, params).replaceAll('{', '%7B').replaceAll('}', '%7D'),
        ...(declaration.method === 'GET' ? {} : { payload: routes.find((r) => r.name === nameOf(declaration))?.validBody?.() ?? {} }),
      });
      expect(res.statusCode, nameOf(declaration)).toBe(401);
    }
    expect(await databaseDigest(t.database.db)).toBe(start);
  });
});

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
