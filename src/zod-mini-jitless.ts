import { config } from 'zod/v4/core';

/**
 * The browser build's `zod/mini` (vite.config.ts points the specifier here), configured before any schema is built,
 * as src/zod-jitless.ts does for `zod`: no `new Function`, which the page's Content-Security-Policy refuses.
 * The login route's modules use zod/mini only, so that zod's classic API (and its JSON Schema code) stays out of
 * the login route's JavaScript (docs/figures.md).
 */
config({ jitless: true });

export * from 'zod/v4/mini';
export { z } from 'zod/v4/mini';
