import { z } from 'zod';
import { clientText } from './text';

/** Every error the API answers has this shape; `errors` lists the fields at fault on a 422. */
export const errorAnswer = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** A plain acknowledgement for calls whose answer the spec leaves open. */
export const messageAnswer = z.object({ message: z.string() });

/** Path ids are positive integers, given as text in the URL. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id: idParam });

/**
 * Body ids are integers; older clients send them as numeric strings. The text branch is a plain check (it is turned
 * into a number after the union), so that the union settles on it for any text and names the field.
 */
export const idField = z
  .union([z.number(), clientText.regex(/^\d{1,10}$/)])
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

/** The header every request carries (SPEC 7). */
export const requestedWithHeader = { 'X-Requested-With': 'XMLHttpRequest' } as const;
