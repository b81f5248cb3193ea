import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * GET /api/health (public, extension): answers while the server serves, and 503 while it stops. The SPA asks it
 * to learn that a restarted server is back (src/realtime/reconnect-probe.ts).
 */
export const healthAnswer = z.object({ status: z.literal('ok') });

export const healthApi = {
  show: endpoint({
    name: 'health.show',
    method: 'GET',
    path: '/api/health',
    summary: 'The server serves requests (503 while it stops).',
    public: true,
    answer: healthAnswer,
  }),
} as const;
