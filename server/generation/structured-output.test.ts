import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StructuredOutputMode } from '../config';
import { createOpenAiProvider } from './openai-provider';
import { brandsPrompt, eventsPrompt, modelsPrompt } from './prompts';
import { answerSchema, refusedStructuredOutput } from './structured-output';
import { contentAnswer, errorAnswer, listAnswer, startFakeOpenAi, type FakeOpenAi } from './test-support/fake-openai';

/**
 * Structured output (docs/configuration.md `AI_STRUCTURED_OUTPUT`): the provider and the real `openai` client against
 * the fake OpenAI-compatible endpoint on loopback. An endpoint's refusal is remembered per process, per base URL and
 * model: each test asks for a model of its own so that one test's refusal is not another's memory.
 */

const apiKey = 'sk-structured-secret';
const request = { category: 'Drones', subcategory: 'Quadcopters', known: [], rejected: [], count: 3 };

type Schema = { [keyword: string]: unknown };

/** Every object in a schema, with where it is. */
function objectsOf(schema: Schema, at = '$'): { at: string; schema: Schema }[] {
  const own = schema.type === 'object' ? [{ at, schema }] : [];
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const nested = properties.flatMap(([name, property]) => objectsOf(property, `${at}.${name}`));
  const items = schema.items ? objectsOf(schema.items as Schema, `${at}[]`) : [];
  return [...own, ...nested, ...items];
}

/** Every schema in a tree (to look for keywords strict mode refuses). */
function schemasOf(schema: Schema): Schema[] {
  const properties = Object.values((schema.properties ?? {}) as Record<string, Schema>);
  return [schema, ...properties.flatMap(schemasOf), ...(schema.items ? schemasOf(schema.items as Schema) : [])];
}

describe('the strict JSON schema of an answer', () => {
  const prompts = {
    events: eventsPrompt(request, '2026-11-28'),
    brands: brandsPrompt(request),
    models: modelsPrompt({ ...request, brand: 'DJI' }),
  } as const;

  it.each(['events', 'brands', 'models'] as const)('%s: an object root wrapping the list, every object closed and all required', (key) => {
    const schema = answerSchema(key);
    expect(schema).toMatchObject({ type: 'object', required: [key], additionalProperties: false });
    expect(schema).not.toHaveProperty('$schema');
    expect((schema.properties as Record<string, Schema>)[key]).toMatchObject({ type: 'array', items: { type: 'object' } });
    const objects = objectsOf(schema);
    expect(objects.length).toBeGreaterThanOrEqual(2);
    for (const { at, schema: object } of objects) {
      expect(object.additionalProperties, at).toBe(false);
      expect(object.required, at).toEqual(Object.keys(object.properties as object));
    }
    for (const each of schemasOf(schema)) {
      // Nullable fields as a type list, not anyOf; no bounds zod adds of its own.
      expect(each).not.toHaveProperty('anyOf');
      expect(each).not.toHaveProperty('minimum');
      expect(each).not.toHaveProperty('maximum');
    }
    // Exactly the fields the prompt asks for.
    const item = (schema.properties as Record<string, Schema>)[key]?.items as Schema;
    for (const field of Object.keys(item.properties as object)) expect(prompts[key].user).toContain(`"${field}"`);
  });

  it('gives nullable fields a type list with null, and keeps the name required and not null', () => {
    const events = (answerSchema('events').properties as Record<string, Schema>).events?.items as Schema;
    expect((events.properties as Record<string, Schema>).name).toEqual({ type: 'string' });
    expect((events.properties as Record<string, Schema>).start_date).toEqual({ type: ['string', 'null'] });
    const models = (answerSchema('models').properties as Record<string, Schema>).models?.items as Schema;
    expect((models.properties as Record<string, Schema>).year).toEqual({ type: ['integer', 'null'] });
    expect((models.properties as Record<string, Schema>).tags).toEqual({ type: 'array', items: { type: 'string' } });
  });
});

describe('refusedStructuredOutput', () => {
  it.each([
    [{ status: 400, error: { message: 'Invalid parameter', param: 'response_format' }, message: '400 Invalid parameter' }, true],
    [{ status: 400, error: undefined, message: '400 {"object":"error","message":"json_schema is not supported"}' }, true],
    [{ status: 422, error: { message: 'response_format: unknown variant' }, message: '422 response_format' }, true],
    [{ status: 400, error: { message: 'max_tokens is too large', param: 'max_tokens' }, message: '400 max_tokens is too large' }, false],
    [{ status: 500, error: { message: 'response_format broke us', param: 'response_format' }, message: '500' }, false],
    [{ status: 401, error: { message: 'Incorrect API key' }, message: '401 Incorrect API key' }, false],
  ])('%o: %s', (failure, refused) => {
    expect(refusedStructuredOutput(failure)).toBe(refused);
  });
});

describe('the OpenAI provider and structured output', () => {
  let fake: FakeOpenAi;
  let logged: { details: object; message: string }[];
  const log = { info: (details: object, message: string) => logged.push({ details, message }) };
  const provider = (model: string, structuredOutput?: StructuredOutputMode) =>
    createOpenAiProvider({ apiKey, baseUrl: fake.baseUrl, model, timeoutMs: 2000, maxOutputTokens: 4000, structuredOutput, log });
  const formats = () => fake.chatBodies().map((body) => body.response_format?.type);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    logged = [];
  });

  it('json_schema: sends the strict schema of the kind asked for and reads the wrapped list', async () => {
    const brands = await provider('schema-model', 'json_schema');
    fake.enqueue(
      listAnswer('brands', [
        {
          name: 'Skyworks',
          seo_title: null,
          seo_description: null,
          website: 'https://skyworks.example',
          country: 'DE',
          address: null,
          phone_number: null,
          email: null,
          socials: [{ type: 'linkedin', url: 'https://linkedin.com/company/skyworks' }],
        },
        { name: '' },
      ]),
    );
    const answer = await brands.brands(request, new AbortController().signal);
    expect(answer.items).toEqual([expect.objectContaining({ name: 'Skyworks', website: 'https://skyworks.example', country: 'DE' })]);
    expect(answer.items[0]?.socials).toEqual([{ type: 'linkedin', url: 'https://linkedin.com/company/skyworks' }]);
    expect(answer).toMatchObject({ proposed: 2, dropped: [{ reason: 'name empty', count: 1 }] });
    expect(fake.chatBodies()[0]?.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'brands_answer', strict: true, schema: answerSchema('brands') },
    });
  });

  it('json_schema: an endpoint that refuses it fails the call, without falling back', async () => {
    const forced = await provider('forced-schema-model', 'json_schema');
    fake.refuseJsonSchema();
    fake.always(listAnswer('events', [{ name: 'Never Asked' }]));
    await expect(forced.events(request, new AbortController().signal)).rejects.toThrow(
      "The AI provider refused the request (HTTP 400): Invalid parameter: 'response_format' of type 'json_schema' is not supported",
    );
    await expect(forced.events(request, new AbortController().signal)).rejects.toThrow('HTTP 400');
    expect(formats()).toEqual(['json_schema', 'json_schema']);
    expect(logged).toEqual([]);
  });

  it('auto: falls back to JSON mode on a refusal, logs it once without the key, and asks JSON mode straight away after', async () => {
    const auto = await provider('no-schema-model');
    fake.refuseJsonSchema();
    fake.enqueue(listAnswer('events', [{ name: 'First Expo' }]), listAnswer('events', [{ name: 'Second Expo' }]));
    const first = await auto.events(request, new AbortController().signal);
    expect(first.items.map((e) => e.name)).toEqual(['First Expo']);
    expect(formats()).toEqual(['json_schema', 'json_object']);
    expect(fake.chatBodies()[1]).not.toHaveProperty('response_format.json_schema');

    const second = await auto.events(request, new AbortController().signal);
    expect(second.items.map((e) => e.name)).toEqual(['Second Expo']);
    expect(formats()).toEqual(['json_schema', 'json_object', 'json_object']);

    // Remembered for the process: another provider for the same endpoint and model asks JSON mode at once.
    const again = await provider('no-schema-model');
    fake.enqueue(listAnswer('brands', [{ name: 'Third Brand' }]));
    expect((await again.brands(request, new AbortController().signal)).items.map((b) => b.name)).toEqual(['Third Brand']);
    expect(formats()).toEqual(['json_schema', 'json_object', 'json_object', 'json_object']);

    expect(logged).toEqual([
      {
        details: { model: 'no-schema-model', baseUrl: fake.baseUrl, status: 400 },
        message: 'the AI endpoint refused structured output (json_schema); asking it in JSON mode from now on',
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain(apiKey);
  });

  it('auto: another model on the same endpoint still asks for a schema; a refusal of something else is no fallback', async () => {
    const other = await provider('other-model');
    fake.enqueue(errorAnswer(400, 'max_tokens is too large for this model'));
    await expect(other.events(request, new AbortController().signal)).rejects.toThrow('HTTP 400');
    fake.enqueue(listAnswer('events', [{ name: 'Schema Expo' }]));
    expect((await other.events(request, new AbortController().signal)).items.map((e) => e.name)).toEqual(['Schema Expo']);
    expect(formats()).toEqual(['json_schema', 'json_schema']);
    expect(logged).toEqual([]);
  });

  it('json_object: never sends a schema, even to an endpoint that would take one', async () => {
    const plain = await provider('plain-model', 'json_object');
    fake.enqueue(listAnswer('models', [{ model: 'Mavic 4', year: 2025, tags: ['camera'] }]), listAnswer('events', []));
    const models = await plain.models({ ...request, brand: 'DJI' }, new AbortController().signal);
    expect(models.items).toEqual([expect.objectContaining({ model: 'Mavic 4', year: 2025, tags: ['camera'] })]);
    await plain.events(request, new AbortController().signal);
    expect(fake.chatBodies().map((body) => body.response_format)).toEqual([{ type: 'json_object' }, { type: 'json_object' }]);
  });

  it("a model's refusal to answer (structured output's refusal field) makes the answer unusable, in its words", async () => {
    const schema = await provider('declining-model', 'json_schema');
    fake.enqueue({ kind: 'completion', content: null, refusal: 'I cannot help with that.' });
    const answer = await schema.events(request, new AbortController().signal);
    expect(answer).toMatchObject({ items: [], unusable: 'The AI model declined to answer: I cannot help with that.' });
    fake.enqueue(contentAnswer('{"events": "none"}'));
    expect((await schema.events(request, new AbortController().signal)).unusable).toBe(`The AI provider's answer has no "events" list.`);
  });
});
