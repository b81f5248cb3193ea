import { z } from 'zod/v4';

/**
 * The browser build's `zod` (vite.config.ts points the bare specifier here): zod itself, configured before any
 * schema is built. zod compiles object parsers with `new Function` unless told not to, and probes whether it may
 * as the first object schema is built; the page's Content-Security-Policy allows no eval, and Chromium reports even
 * the caught probe as a violation. Every module that imports `zod` runs after this one, whatever the chunks.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
