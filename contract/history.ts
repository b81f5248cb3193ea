import { z } from 'zod';

/** GET /api/equipment-generation-history?subcategory={name} and GET /api/history entries. */
export const generationHistoryEntry = z.object({
  id: z.number().int(),
  type: z.enum(['Events', 'Brands', 'Equipments']),
  category: z.object({ id: z.number().int(), name: z.string() }),
  subcategory: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  brand_id: z.number().int().nullable().optional(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  total_tokens: z.number().int(),
  equipments_generated: z.number().int(),
  status: z.string(),
  /** HTML: sanitise before rendering. */
  message: z.string().nullable(),
  created_at: z.string(),
});
export type GenerationHistoryEntry = z.infer<typeof generationHistoryEntry>;
export const historyListAnswer = z
  .union([z.object({ history: z.array(generationHistoryEntry) }), z.array(generationHistoryEntry)])
  .transform((value) => (Array.isArray(value) ? value : value.history));

export const historyType = z.enum(['Events', 'Equipments']);
/** GET /api/history */
export const historyQuery = z.object({
  subcategory_id: z.coerce.number().int().positive().optional(),
  category_id: z.coerce.number().int().positive().optional(),
  type: historyType,
});
/** GET /api/equipment-generation-history */
export const equipmentHistoryQuery = z.object({ subcategory: z.string().trim().min(1).max(255) });
/** GET /api/equipments/history: "a list or an object with brands"; the server sends { brands }. */
export const equipmentsHistoryQuery = z.object({ subcategory: z.string().trim().min(1).max(255).optional() });
export const equipmentsHistoryAnswer = z
  .union([z.object({ brands: z.array(generationHistoryEntry) }), z.array(generationHistoryEntry)])
  .transform((value) => (Array.isArray(value) ? value : value.brands));
/** GET /api/brands/history */
export const brandsHistoryAnswer = historyListAnswer;

/** The dashboard home's overview (extension: GET /api/overview). */
export const overviewAnswer = z.object({
  tokens: z.number().int(),
  categories_by_status: z.record(z.string(), z.number().int()),
  subcategories_by_status: z.record(z.string(), z.number().int()),
  latest_runs: z.array(generationHistoryEntry),
});
