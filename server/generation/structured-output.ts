import { z } from 'zod';
import { brand, brandInformation, social } from '../../contract/brands';
import { equipment } from '../../contract/equipments';
import { event } from '../../contract/events';
import type { Prompt } from './prompts';

/**
 * Structured output (docs/configuration.md `AI_STRUCTURED_OUTPUT`): the JSON schema an OpenAI-compatible endpoint is
 * asked to answer in, built from the contract's item schemas with the fields the prompts ask for (prompts.ts), and
 * wrapped in an object under the prompt's list key, since strict mode needs an object at the root. The answer is
 * still checked item by item (generated-items.ts): a schema guides the model, it does not make its text trusted.
 */

type ListKey = Prompt['listKey'];

const eventItem = event.pick({
  name: true,
  description: true,
  address: true,
  website: true,
  event_type: true,
  start_date: true,
  end_date: true,
  seo_title: true,
  seo_description: true,
});

// The contract keeps a brand's socials as JSON text; the prompt asks for them as a list.
const brandItem = brand
  .pick({ name: true, seo_title: true, seo_description: true })
  .extend(brandInformation.shape)
  .extend({ socials: z.array(social) });

// The contract's tags are a codec (a list or comma-separated text); the prompt asks for a list.
const modelItem = equipment
  .pick({
    model: true,
    year: true,
    specifications: true,
    description: true,
    is_manufactured: true,
    is_brand_still_manufactured: true,
    seo_title: true,
    seo_description: true,
  })
  .extend({ tags: z.array(z.string()) });

const items: Record<ListKey, z.ZodObject> = { events: eventItem, brands: brandItem, models: modelItem };

type JsonSchema = { [keyword: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A schema as OpenAI's strict mode takes it: every object closed (`additionalProperties: false`) with every property
 * required, a nullable field as `type: [..., 'null']`, and no bounds zod adds of its own (an integer's safe range).
 */
function strict(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(rest)) {
    if ((keyword === 'minimum' || keyword === 'maximum') && Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER) continue;
    if (keyword === 'properties' && isSchema(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, strict(property as JsonSchema)]));
    } else if ((keyword === 'items' || keyword === 'additionalProperties') && isSchema(value)) {
      out[keyword] = strict(value);
    } else if (keyword === 'anyOf' && Array.isArray(value)) {
      out.anyOf = value.map((option) => strict(option as JsonSchema));
    } else out[keyword] = value;
  }
  const nullable = collapseNull(out);
  if (nullable.type === 'object' && isSchema(nullable.properties)) {
    nullable.required = Object.keys(nullable.properties);
    nullable.additionalProperties = false;
  }
  return nullable;
}

/** `anyOf: [{ type: 'integer' }, { type: 'null' }]` as `type: ['integer', 'null']`. */
function collapseNull(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return schema;
  const other = options.find((option: JsonSchema) => option.type !== 'null') as JsonSchema | undefined;
  const hasNull = options.some((option: JsonSchema) => option.type === 'null' && Object.keys(option).length === 1);
  if (!other || !hasNull || typeof other.type !== 'string') return schema;
  const { anyOf: _options, ...rest } = schema;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

const cache = new Map<ListKey, JsonSchema>();

/** The strict JSON schema of an answer listing `listKey` items: `{ [listKey]: [item, ...] }`. */
export function answerSchema(listKey: ListKey): JsonSchema {
  let schema = cache.get(listKey);
  if (!schema) {
    schema = strict(z.toJSONSchema(z.object({ [listKey]: z.array(items[listKey]) }), { target: 'draft-2020-12' }) as JsonSchema);
    cache.set(listKey, schema);
  }
  return schema;
}

/** The `response_format` of a chat completion asking for `listKey` items in the given mode. */
export function responseFormat(listKey: ListKey, mode: 'json_schema' | 'json_object') {
  return mode === 'json_object'
    ? ({ type: 'json_object' } as const)
    : ({ type: 'json_schema', json_schema: { name: `${listKey}_answer`, strict: true, schema: answerSchema(listKey) } } as const);
}

/**
 * Whether a refused request was refused for its `response_format` (the endpoint does not do structured output):
 * OpenAI answers 400 with `param: 'response_format'`; compatible servers name `response_format` or `json_schema`
 * in their message (in OpenAI's `{ error }` shape or their own, which the client keeps as the error's message), some
 * with 422.
 */
export function refusedStructuredOutput(failure: { status?: number | undefined; error?: unknown; message: string }): boolean {
  if (failure.status !== 400 && failure.status !== 422) return false;
  const body = isSchema(failure.error) ? failure.error : {};
  if (body.param === 'response_format') return true;
  const quoted = typeof body.message === 'string' ? body.message : '';
  return /response_format|json_schema/i.test(`${quoted} ${failure.message}`);
}

/**
 * The endpoints (base URL and model) that refused a JSON schema in this process: `auto` asks them for JSON mode
 * straight away from then on.
 */
const refusedSchema = new Set<string>();

export const endpointKey = (baseUrl: string | undefined, model: string) => `${baseUrl ?? 'https://api.openai.com/v1'} ${model}`;

export function schemaRefused(key: string): boolean {
  return refusedSchema.has(key);
}

/** Remembers a refusal; true the first time (so it is logged once). */
export function rememberSchemaRefused(key: string): boolean {
  if (refusedSchema.has(key)) return false;
  refusedSchema.add(key);
  return true;
}
