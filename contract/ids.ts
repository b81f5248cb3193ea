import { z } from 'zod';
import { clientText } from './text';

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
