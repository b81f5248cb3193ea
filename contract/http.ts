import { z } from 'zod/mini';

/**
 * The shapes every call shares. zod/mini: the SPA's HTTP client and the login route parse with them, without zod's
 * classic API (docs/figures.md); classic schemas take them as they are.
 */

/** Every error the API answers has this shape; `errors` lists the fields at fault on a 422. */
export const errorAnswer = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** A plain acknowledgement for calls whose answer the spec leaves open. */
export const messageAnswer = z.object({ message: z.string() });

/** The header every request carries (docs/product.md#calls). */
export const requestedWithHeader = { 'X-Requested-With': 'XMLHttpRequest' } as const;
