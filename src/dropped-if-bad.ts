import { z } from 'zod/mini';

/**
 * A value read from outside the app that must never stop it: a URL search param (a route's search schema), a meta
 * tag of the page. Optional, and a value that does not validate is dropped. zod/mini: these schemas are in the
 * entry chunk, which the login route loads (docs/figures.md).
 */
export function droppedIfBad<T extends z.core.$ZodType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}
