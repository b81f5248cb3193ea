import { z } from 'zod';

/**
 * GET /api/health (public, extension): answers while the server serves, and 503 while it stops. The SPA asks it
 * to learn that a restarted server is back (src/realtime/reconnect-probe.ts).
 */
export const healthAnswer = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof healthAnswer>;
