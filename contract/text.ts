import { z } from 'zod';
import { wellFormedText } from './well-formed-text';

/**
 * Field shapes shared by the inputs of every route: bodies, queries, forms and path parameters.
 *
 * Every text a client sends is a `clientText`: text with a NUL character or an unpaired UTF-16 surrogate is refused
 * as a 422 naming its field, before it reaches the database (PostgreSQL refuses NUL in text and an unpaired
 * surrogate in jsonb, and stores one as U+FFFD in text). A number out of its column's range is refused alike
 * (`wholeNumber`; ids: contract/ids.ts).
 */

/**
 * Any text from a client: build every text field on it (`clientText.max(255)`), never on a bare `z.string()`.
 * The rule is the first check, so its message is the answer's (contract/well-formed-text.ts).
 */
export const clientText = z.string().check(wellFormedText);

/** Free text of at most `max` characters. */
export const catalogueText = (max: number) => clientText.max(max, `The text may not be longer than ${max} characters.`);

/** A name the operator types: trimmed, required, at most 255 characters. */
export const catalogueName = clientText.trim().min(1, 'The name is required.').max(255, 'The name may not be longer than 255 characters.');

/** How a whole number is written in a path or a query string: digits alone (not " 1", "+1", "0x10", "1e3" or ""). */
const digits = /^\d{1,16}$/;

/**
 * A whole number from `min` (0 or more) to `max`, where `max` is at most what its database column takes: a number,
 * or its digits as text (a path and a query string are text; older clients send body ids so). Anything else is
 * refused as a 422 naming the field, before any work, so that no input reaches the database out of its range.
 * The text branch is a plain check (turned into a number after the union), so that the union settles on it for any
 * text and names the field.
 */
export function wholeNumber(min: number, max: number, message = `The value must be a whole number from ${min} to ${max}.`) {
  const inRange = (number: z.ZodNumber) => number.min(min, message).max(max, message);
  return z
    .union([inRange(z.number(message)), clientText.regex(digits, message)])
    .transform(Number)
    .pipe(inRange(z.number().int({ message, abort: true })));
}

/** The quick filter of a paged list: a case-insensitive "contains" on the name. */
export const searchQuery = clientText.trim().max(200).optional();

/** Paging of a list (extension): where to start and how many, bounded. */
export const pageOffset = wholeNumber(0, 10_000_000).default(0);
export const pageLimit = (max: number, fallback: number) => wholeNumber(1, max).default(fallback);

export const sortDirection = z.enum(['asc', 'desc']).default('asc');

/** A `true`/`false` query parameter (anything else is refused); `absent` is its value when it is not given. */
export const queryFlag = (absent: boolean) =>
  z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? absent : value === 'true'));

/**
 * An answer the spec allows as a list or as an object holding the list under `key` ("a list or an object with
 * brands"). A codec: the server sends (encodes) one canonical shape, `send`; every client parses (decodes) either
 * shape into the list.
 */
export function listOrWrapped<T extends z.ZodType, K extends string>(item: T, key: K, send: 'list' | 'wrapped') {
  const list = z.array(item);
  const wrapped = z.object({ [key]: z.array(z.unknown()) } as Record<K, z.ZodArray<z.ZodUnknown>>);
  return z.codec(z.union([z.array(z.unknown()), wrapped]), list, {
    decode: (value) => (Array.isArray(value) ? value : (value as Record<K, unknown[]>)[key]) as z.input<typeof list>,
    encode: (value) => (send === 'list' ? value : ({ [key]: value } as Record<K, unknown[]>)) as z.output<typeof wrapped>,
  });
}
