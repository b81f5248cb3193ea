import { z } from 'zod';
import { endpoint } from './endpoint';
import { errorAnswer } from './http';
import { idField } from './ids';
import { generateEquipmentsFilter } from './generation';
import { clientText } from './text';

/**
 * The cost of a generate call before it is made: what the call would queue and may cost, asked before the operator
 * confirms (POST /api/generation/estimate), and the typical cost of a run (GET /api/generation/typical-costs). Both
 * only read. The generate calls themselves are declared by their resources (brands, equipments, events; their shared
 * answer and filter are in contract/generation.ts).
 */

const brandsField = z.array(idField).min(1, 'Select at least one brand.').max(1000);

export const estimateBody = z.discriminatedUnion('type', [
  /** POST /api/events/generate's body */
  z.object({ type: z.literal('Events'), category_id: idField }),
  /** POST /api/brands/generate's body */
  z.object({ type: z.literal('Brands'), subcategory_id: idField }),
  /** POST /api/equipments/generate's body: the subcategory by id, or by its category's and its own names. */
  z
    .object({
      type: z.literal('Equipments'),
      subcategory_id: idField.optional(),
      category: clientText.min(1).max(255).optional(),
      subcategory: clientText.min(1).max(255).optional(),
      /** The brands picked by hand, or (`filter`, with `subcategory_id`) every brand of the subcategory it matches. */
      brands: brandsField.optional(),
      filter: generateEquipmentsFilter.optional(),
    })
    .refine((body) => body.subcategory_id !== undefined || (body.category !== undefined && body.subcategory !== undefined), {
      message: 'The subcategory is required.',
      path: ['subcategory_id'],
    })
    .refine((body) => (body.brands === undefined) !== (body.filter === undefined), {
      message: 'Select at least one brand.',
      path: ['brands'],
    })
    .refine((body) => body.filter === undefined || body.subcategory_id !== undefined, {
      message: 'The subcategory is required.',
      path: ['subcategory_id'],
    }),
  /** POST /api/equipments/generate-models's body */
  z.object({ type: z.literal('Models'), brand: idField, subcategory_id: idField }),
  /** POST /api/runs/{id}/retry: the run to retry (refused as the retry is: 404, 409). */
  z.object({ type: z.literal('Retry'), run_id: idField }),
]);
export type EstimateBody = z.input<typeof estimateBody>;
export type ParsedEstimateBody = z.output<typeof estimateBody>;

export const estimateAnswer = z.object({
  /** How many runs the call would queue. */
  runs: z.number().int(),
  /** The most they can cost together: each run's own most (its prompt and the largest answer), summed; each holds it when it starts. */
  max_tokens: z.number().int(),
  /** A typical cost: the median charge of the operator's last 20 finished runs of the type, times the runs (max_tokens without any). */
  expected_tokens: z.number().int(),
  /** What the operator can spend now (the balance less what runs under way hold). */
  balance: z.number().int(),
  /** Whether `balance` covers `max_tokens`. */
  affordable: z.boolean(),
  /** Targets the call would skip, and why. */
  skipped: z.object({ excluded: z.number().int(), in_progress: z.number().int() }),
});
export type EstimateAnswer = z.infer<typeof estimateAnswer>;

/** The typical cost of one run of each type for this operator (the median of their last 20; else the most one may cost). */
export const typicalCostsAnswer = z.object({ Events: z.number().int(), Brands: z.number().int(), Equipments: z.number().int() });
export type TypicalCostsAnswer = z.infer<typeof typicalCostsAnswer>;

/** The estimate's endpoints: `api.generation` in contract/api.ts, after their paths under /api/generation. */
export const estimateApi = {
  typicalCosts: endpoint({
    name: 'generation.typicalCosts',
    method: 'GET',
    path: '/api/generation/typical-costs',
    summary: "The typical cost of one run of each type, from the operator's recent runs (the header warns below it).",
    answer: typicalCostsAnswer,
  }),
  estimate: endpoint({
    name: 'generation.estimate',
    method: 'POST',
    path: '/api/generation/estimate',
    summary: 'What a generate call (or a retry) would queue and may cost, and whether the balance covers it; changes nothing.',
    body: estimateBody,
    answer: estimateAnswer,
    otherAnswers: { 409: errorAnswer },
  }),
} as const;
