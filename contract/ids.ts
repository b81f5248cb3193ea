import { z } from 'zod';
import { wholeNumber } from './text';

/** The largest id: ids are serial columns (32-bit integers). */
export const maxId = 2_147_483_647;

/**
 * An id, wherever a client gives it (a path, a query string, a body): a whole number from 1 to `maxId`, as a number
 * or written in digits alone. "0x10", " 1", "+1" or "1e3" are not ids: they are refused (422), not read as one.
 */
export const idField = wholeNumber(1, maxId, `The id must be a whole number from 1 to ${maxId}.`);

export const idParams = z.object({ id: idField });
