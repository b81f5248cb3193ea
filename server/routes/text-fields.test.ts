import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ErrorAnswer } from '../../contract/http';
import { fieldName } from '../../contract/fields';
import { notWellFormedMessage } from '../../contract/well-formed-text';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { type FakeStripe, startFakeStripe } from '../payments/test-support/fake-stripe';
import { pusherBatchBody, pusherEventsBody } from '../../contract/pusher-api';
import { hmacHex, httpStringToSign, md5Hex } from '../realtime/signature';
import { type TestApp, testConfig } from '../test/app';
import { catalogueApp, databaseDigest } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { recordingRoutes, routeNames } from '../test/routes';
import { type FieldPath, type TextField, textFields, validInput, withText } from '../test/text-fields';
import { validationAnswer } from '../validation-answer';

/**
 * docs/product.md#validation: every text a client sends, in a body, a query, a form or a path, is refused when it holds a NUL
 * character or an unpaired surrogate, as a 422 naming its field, and changes nothing.
 *
 * Neither the routes nor their fields are listed here: the routes are every one the app registers, and a route's
 * text fields are every string its body, query and path schemas take (down arrays, wrappers and union branches).
 * A new route, or a new field without the rule, fails this test.
 */

const engines = await availableEngines();

type Part = 'body' | 'querystring' | 'params';
const parts: Part[] = ['body', 'querystring', 'params'];

/**
 * The Pusher HTTP API reads its raw, signed body itself: its schemas are taken from it, and its requests signed.
 * Its `:appId` is no text field: it is only compared with the configured id (another one is a 404).
 */
const pusherBodies: Record<string, z.ZodType> = {
  'POST /apps/:appId/events': pusherEventsBody,
  'POST /apps/:appId/batch_events': pusherBatchBody,
};

/** Routes without an input schema, and why they have no client text to check. */
const withoutTextInput: Record<string, string> = {
  'POST /logout': 'takes no input',
  'GET /api/user': 'takes no input',
  'GET /api/user-tokens': 'takes no input',
  'GET /api/brands/history': 'takes no input',
  'GET /api/overview': 'takes no input',
  'GET /api/review/summary': 'takes no input',
  'GET /api/review/stats': 'takes no input',
  'GET /api/generation/typical-costs': 'takes no input',
  'GET /api/preferences': 'takes no input',
  'GET /api/health': 'takes no input',
  'GET /api/payment-methods': 'takes no input',
  'GET /api/openapi.json': 'takes no input',
  'POST /api/payment-methods/setup-intent': 'takes no input',
  'POST /api/purchase-tokens/check': 'takes no input',
  'GET /': 'the SPA page: takes no input',
  'GET /index.html': 'the SPA page: takes no input',
  'POST /api/stripe/webhook': "Stripe's event, read only once Stripe's signature over the raw body holds: no client writes it",
  'POST /api/exclusions/import/preview':
    'a CSV file as bytes: decoded as strict UTF-8 (no unpaired surrogate arrives), a cell with NUL refused as a 422 naming its line (exclusion-import.test.ts)',
  'POST /api/exclusions/import':
    'a CSV file as bytes: decoded as strict UTF-8 (no unpaired surrogate arrives), a cell with NUL refused as a 422 naming its line (exclusion-import.test.ts)',
};

/** The routes of the app as the tests build it, and what each takes: its schemas (the Pusher API's own). */
const routeDatabase = await openDatabase({ memory: true });
const { built: routeApp, routes: recorded } = await recordingRoutes(() =>
  buildApp(testConfig(), { database: routeDatabase, logger: false }),
);
await routeApp.close();
await routeDatabase.close();
const routes = routeNames(recorded).map(({ name, route }) => ({ name, route, inputs: inputsOf(name, route) }));

function inputsOf(name: string, route: RouteOptions): Partial<Record<Part, z.ZodType>> {
  const pusherBody = pusherBodies[name];
  if (pusherBody) return { body: pusherBody };
  const schema = (route.schema ?? {}) as Partial<Record<Part, z.ZodType>>;
  return Object.fromEntries(parts.flatMap((part) => (schema[part] ? [[part, schema[part]]] : [])));
}

/** A NUL and an unpaired (high) surrogate, each put after the field's valid text. */
const badTexts = { NUL: '\u0000', 'an unpaired surrogate': '\ud800' } as const;

it('knows every route: each takes input through schemas, or is said to take no client text', () => {
  const unknown = routes.filter((r) => Object.keys(r.inputs).length === 0 && !(r.name in withoutTextInput)).map((r) => r.name);
  expect(unknown, 'a route without an input schema: give it one, or say in withoutTextInput why it takes no client text').toEqual([]);
  const gone = Object.keys(withoutTextInput).filter((name) => !routes.some((r) => r.name === name));
  expect(gone, 'no such route any more').toEqual([]);
});

describe.each(engines)('client text on %s', (engine) => {
  let fake: FakeStripe;
  let t: TestApp;
  let headers: { authorization: string };
  let before: string;
  beforeAll(async () => {
    fake = await startFakeStripe();
    // Stripe configured (a fake on loopback), so that the payment routes are reachable as in production.
    ({ t, headers } = await catalogueApp(engine, { stripe: fake.config('whsec_test') }));
    before = await databaseDigest(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const withFields = routes.filter((r) => Object.keys(r.inputs).length > 0);
  it.each(withFields.map((r) => [r.name, r] as const))(
    '%s: each text field refuses NUL and unpaired surrogates, naming the field',
    async (_name, r) => {
      for (const [part, schema] of Object.entries(r.inputs) as [Part, z.ZodType][]) {
        for (const field of textFields(schema)) {
          for (const [what, bad] of Object.entries(badTexts)) {
            const label = `${r.name} ${part} ${fieldName(field.path)} with ${what}`;
            const inputs = inputsWith(r.inputs, part, field, bad);
            const expected = refusal(r.name in pusherBodies ? 400 : 422, field.path);
            if (part === 'body') expect(await send(r.name, r.route, inputs), label).toEqual(expected);
            // A URL carries UTF-8, which has no unpaired surrogates (a client's try arrives as U+FFFD or as the literal
            // %-escapes): in a query or a path only NUL travels, and the surrogate is checked against the schema.
            else if (bad === badTexts.NUL) expect(await send(r.name, r.route, inputs), label).toEqual(expected);
            else expect(schemaRefusal(schema, inputs[part]), label).toEqual(expected);
          }
        }
      }
      expect(await databaseDigest(t.database.db), `${r.name} changed the database`).toBe(before);
    },
  );

  /** Valid inputs for every part of the route, with `bad` appended to the field's valid text. */
  function inputsWith(inputs: Partial<Record<Part, z.ZodType>>, part: Part, field: TextField, bad: string): Partial<Record<Part, unknown>> {
    const valid = Object.fromEntries(
      Object.entries(inputs).map(([p, schema]) => [
        p,
        inUrl(p as Part, p === part ? validInput(schema, field.branches, part === 'body' ? field.path : undefined) : validInput(schema)),
      ]),
    ) as Partial<Record<Part, unknown>>;
    const text = String(field.path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], valid[part]));
    for (const [p, schema] of Object.entries(inputs))
      expect(schema.safeParse(valid[p as Part]).success, `a valid ${p} of ${JSON.stringify(valid[p as Part])}`).toBe(true);
    return { ...valid, [part]: withText(valid[part], field.path, text + bad) };
  }

  /** What the route answers, as status and the error answer's fields. */
  async function send(name: string, route: RouteOptions, inputs: Partial<Record<Part, unknown>>) {
    const params = (name in pusherBodies ? { appId: t.app.realtimeConfig.appId } : (inputs.params ?? {})) as Record<string, string>;
    const path = route.url
      .split('/')
      .map((segment) => encodeURIComponent(segment.startsWith(':') ? (params[segment.slice(1)] ?? segment) : segment))
      .join('/');
    const payload = inputs.body === undefined ? undefined : JSON.stringify(inputs.body);
    const query = {
      ...(inputs.querystring as Record<string, string> | undefined),
      ...(name in pusherBodies ? pusherSignature(path, payload ?? '') : {}),
    };
    const res = await t.app.inject({
      method: name.split(' ')[0] as InjectOptions['method'],
      url: path,
      query,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload }),
    });
    return summary(res.statusCode, res.json<ErrorAnswer>());
  }

  /** The query that signs a Pusher HTTP API request as the `pusher` SDK does. */
  function pusherSignature(path: string, body: string): Record<string, string> {
    const { key, secret } = t.app.realtimeConfig;
    const query = { auth_key: key, auth_timestamp: String(Math.floor(Date.now() / 1000)), auth_version: '1.0', body_md5: md5Hex(body) };
    return { ...query, auth_signature: hmacHex(secret, httpStringToSign('POST', path, query)) };
  }
});

/** A query and path parameters are text in a URL. */
function inUrl(part: Part, value: unknown): unknown {
  if (part === 'body') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, String(v)]));
}

/** The answer to the text rule at `path`: its message, under that field alone, first of the field's messages. */
function refusal(status: number, path: FieldPath) {
  const message = notWellFormedMessage(fieldName(path));
  return { status, message, fields: [fieldName(path)], first: message };
}

function summary(status: number, answer: ErrorAnswer) {
  const fields = Object.keys(answer.errors ?? {});
  return { status, message: answer.message, fields, first: answer.errors?.[fields[0] ?? '']?.[0] };
}

/** What the API would answer for an input its schema refuses (as the error handler words it). */
function schemaRefusal(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input);
  return summary(parsed.success ? 200 : 422, parsed.success ? { message: 'accepted' } : validationAnswer(parsed.error.issues));
}
