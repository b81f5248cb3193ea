import { z } from 'zod';

/**
 * Field shapes shared by the catalogue's inputs (brands, events, equipments, exclusions, history, categories).
 * PostgreSQL refuses a NUL character in text and an id beyond a 32-bit integer: both are refused here, as 422,
 * before they reach the database.
 */

const noNul = (value: string) => !value.includes('\u0000');
const noNulMessage = 'The text may not contain NUL characters.';

/** Free text of at most `max` characters. */
export const catalogueText = (max: number) =>
  z.string().max(max, `The text may not be longer than ${max} characters.`).refine(noNul, noNulMessage);

/** A name the operator types: trimmed, required, at most 255 characters. */
export const catalogueName = z
  .string()
  .trim()
  .min(1, 'The name is required.')
  .max(255, 'The name may not be longer than 255 characters.')
  .refine(noNul, noNulMessage);

/** An id in a query string or a path: a positive 32-bit integer given as text. */
export const idQuery = z.coerce.number().int().positive().max(2_147_483_647);

/** The quick filter of a paged list: a case-insensitive "contains" on the name. */
export const searchQuery = z.string().trim().max(200).refine(noNul, noNulMessage).optional();

/** Paging of a list (extension): where to start and how many, bounded. */
export const pageOffset = z.coerce.number().int().min(0).max(10_000_000).default(0);
export const pageLimit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const sortDirection = z.enum(['asc', 'desc']).default('asc');

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
