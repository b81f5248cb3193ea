import { z } from 'zod/mini';
import { fieldName } from './fields';

/**
 * The rule every text from a client carries (contract/text.ts `clientText`): text with a NUL character or an unpaired
 * UTF-16 surrogate is refused as a 422 naming its field. Written with zod/mini, so that the login route's schemas
 * (contract/auth.ts) carry it without zod's classic API; classic schemas take the same check.
 */

/** Text that can be stored and answered back as it came: Unicode (no unpaired surrogate) without NUL characters. */
export const isWellFormedText = (value: string): boolean => value.isWellFormed() && !value.includes('\u0000');

/** The refusal of a text that is not well formed, naming its field as the 422's `errors` does. */
export const notWellFormedMessage = (field: string) => `The ${field} field must be text without NUL characters or unpaired surrogates.`;

/**
 * The rule as a check. It does not abort, so that a union (a list or a text, a number or a numeric text) still
 * settles on the branch the input has the type of, and names its field.
 */
export const wellFormedText = z.refine<string>(isWellFormedText, { error: (issue) => notWellFormedMessage(fieldName(issue.path ?? [])) });

/** Any text from a client, in zod/mini form: the login route's fields are built on it. */
export const clientTextMini = z.string().check(wellFormedText);
