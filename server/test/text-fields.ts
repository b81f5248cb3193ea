import type { z } from 'zod';

/**
 * The text fields of an input schema (a route's body, query or path parameters), read from the zod schema itself,
 * and valid inputs to put a bad text into, one field at a time.
 */

type Schema = z.ZodType;
export type FieldPath = (string | number)[];

export interface TextField {
  /** Where the text goes in the input: `['tags', 0]` is the first tag. */
  path: FieldPath;
  /** The branch taken at each union on the way to it. */
  branches: ReadonlyMap<Schema, number>;
}

const defOf = (schema: Schema) => (schema as unknown as z.core.$ZodTypes)._zod.def;

/** Kinds of schema whose values a client cannot put text in. */
const textless = new Set(['number', 'boolean', 'enum', 'literal', 'bigint', 'null', 'undefined', 'nan', 'never']);

/**
 * Every string in the schema: down objects, array items, unions (each branch), optional, nullable and default
 * wrappers, and the client's side of pipes, transforms and codecs. A kind of schema it does not know may hold text,
 * so it throws rather than pass over it.
 */
export function textFields(schema: Schema): TextField[] {
  const fields: TextField[] = [];
  const walk = (node: Schema, path: FieldPath, branches: ReadonlyMap<Schema, number>): void => {
    const def = defOf(node);
    switch (def.type) {
      case 'string':
        fields.push({ path, branches });
        return;
      case 'object':
        if (def.catchall && defOf(def.catchall as Schema).type !== 'never') throw new Error(`textFields: ${where(path)} takes any key`);
        for (const [key, value] of Object.entries(def.shape)) walk(value as Schema, [...path, key], branches);
        return;
      case 'array':
        walk(def.element as Schema, [...path, 0], branches);
        return;
      case 'union':
        def.options.forEach((option, index) => walk(option as Schema, path, new Map(branches).set(node, index)));
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        walk(def.innerType as Schema, path, branches);
        return;
      case 'pipe':
        walk(def.in as Schema, path, branches);
        return;
      default:
        if (textless.has(def.type)) return;
        throw new Error(`textFields: a zod ${def.type} at ${where(path)} may hold text; teach textFields to walk it`);
    }
  };
  walk(schema, [], new Map());
  return fields;
}

/**
 * Values tried, in order, as a valid one: plain text, then the formats the contract has (a numeric id, a year, an
 * email, a payment method id, a socket id, a private channel, an equipments cursor); an id, then a year.
 */
const sampleTexts = ['x', '1', '2000', 'operator@example.com', 'pm_1', '1.1', 'private-x', '["x","x",1]'];
const sampleNumbers = [1, 2000];

/**
 * A value the schema accepts, taking the given union branches, and holding a value at `holding` when given (the
 * field a test puts a bad text into); throws when it finds none.
 */
export function validInput(schema: Schema, branches: ReadonlyMap<Schema, number> = new Map(), holding?: FieldPath): unknown {
  const value = samples(schema, branches).find((sample) => holding === undefined || valueAt(sample, holding) !== undefined);
  if (value === undefined) throw new Error('validInput: no sample fits; add one to sampleTexts');
  return value;
}

const valueAt = (input: unknown, path: FieldPath): unknown =>
  path.reduce<unknown>(
    (value, key) => (value === null || typeof value !== 'object' ? undefined : (value as Record<string | number, unknown>)[key]),
    input,
  );

function samples(node: Schema, branches: ReadonlyMap<Schema, number>): unknown[] {
  const def = defOf(node);
  const accepted = (values: unknown[]) => values.filter((value) => node.safeParse(value).success);
  switch (def.type) {
    case 'string':
      return accepted(sampleTexts);
    case 'number':
      return accepted(sampleNumbers);
    case 'boolean':
      return [true];
    case 'enum':
      return accepted(Object.values(def.entries));
    case 'literal':
      return accepted([...def.values]);
    case 'object': {
      // Every key filled first; then, for a body whose refinements want one optional key or another (never both),
      // the same without each optional key in turn.
      const value: Record<string, unknown> = {};
      const optional: string[] = [];
      for (const [key, child] of Object.entries(def.shape)) {
        const [sample] = samples(child as Schema, branches);
        if (sample !== undefined) value[key] = sample;
        if ((child as Schema).safeParse(undefined).success) optional.push(key);
      }
      const without = optional.map((key) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)));
      return accepted([value, ...without]);
    }
    case 'array':
      return accepted(
        samples(def.element as Schema, branches)
          .slice(0, 1)
          .map((item) => [item]),
      );
    case 'union': {
      const taken = branches.get(node);
      const options = taken === undefined ? def.options : [def.options[taken]];
      return accepted(options.flatMap((option) => samples(option as Schema, branches)));
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return accepted(samples(def.innerType as Schema, branches));
    case 'pipe':
      return accepted(samples(def.in as Schema, branches));
    default:
      return [];
  }
}

/** A copy of `input` with `text` at `path`. */
export function withText(input: unknown, path: FieldPath, text: string): unknown {
  if (path.length === 0) return text;
  const [key, ...rest] = path as [string | number, ...FieldPath];
  const copy = (Array.isArray(input) ? [...input] : { ...(input as object) }) as Record<string | number, unknown>;
  copy[key] = withText(copy[key], rest, text);
  return copy;
}

const where = (path: FieldPath) => (path.length ? path.join('.') : 'the root');
