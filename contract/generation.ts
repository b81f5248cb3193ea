import { z } from 'zod';

/** The answer of POST /api/brands/generate and POST /api/equipments/generate: the run is queued. */
export const generateAnswer = z.object({ success: z.boolean(), message: z.string() });
export type GenerateAnswer = z.infer<typeof generateAnswer>;
