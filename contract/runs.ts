import { z } from 'zod';
import { endpoint } from './endpoint';
import { errorAnswer } from './http';
import { idField, idParams } from './ids';
import { realtimeEvents } from './realtime';
import { runStatusFilters, runTypes } from './run-filters';
import { statusNames } from './status-names';
import { runFigures } from './review';
import { pageLimit, pageOffset } from './text';

/**
 * The runs centre (docs/product.md#runs-centre): the generation runs an operator started, live, with Cancel and Retry.
 */

export const runsQuery = z.object({
  status: z.enum(runStatusFilters).optional(),
  type: z.enum(runTypes).optional(),
  /** One run (a link from the statement), or the runs of one target (its history). */
  id: idField.optional(),
  category_id: idField.optional(),
  subcategory_id: idField.optional(),
  brand_id: idField.optional(),
  offset: pageOffset,
  limit: pageLimit(200, 50),
});
export type RunsQuery = z.input<typeof runsQuery>;
export type RunsFilter = Omit<z.output<typeof runsQuery>, 'offset' | 'limit'>;

/** Whether a run is one a list of these filters shows (the server's rule, for a client patching its cached lists). */
export function runMatches(run: Run, filter: Partial<RunsFilter>): boolean {
  if (filter.id !== undefined && run.id !== filter.id) return false;
  if (filter.type !== undefined && run.type !== filter.type) return false;
  if (filter.category_id !== undefined && run.category.id !== filter.category_id) return false;
  if (filter.subcategory_id !== undefined && run.subcategory?.id !== filter.subcategory_id) return false;
  if (filter.brand_id !== undefined && run.brand?.id !== filter.brand_id) return false;
  switch (filter.status) {
    case undefined:
      return true;
    case 'active':
      return run.finished_at === null;
    case 'finished':
      return run.finished_at !== null;
    case 'failed':
      return run.status === statusNames.failed || run.status === statusNames.insufficientTokens;
    default:
      return run.status === filter.status;
  }
}

const named = z.object({ id: z.number().int(), name: z.string() });

/** How a run's `charged_tokens` was reckoned (docs/decisions/0019-one-charging-rule.md). */
const chargeBases = ['reported', 'counted', 'free', 'none'] as const;

/**
 * What a run's answer came to and how it was charged (docs/decisions/0019-one-charging-rule.md): the items its
 * provider proposed; of them `items_added` were stored, `items_known` were known already, `items_dropped` could not
 * be stored, for `dropped_reasons` ("start_date not a date"). `charge_basis`: the provider's report, its prompt and
 * answer counted (it reported no usage), a free generator, or nothing to charge (the provider did not answer); null
 * while the run is unfinished, or when it was cancelled.
 */
export const runOutcomeFields = {
  items_proposed: z.number().int(),
  items_known: z.number().int(),
  items_dropped: z.number().int(),
  dropped_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  charge_basis: z.enum(chargeBases).nullable(),
};

export const run = z.object({
  id: z.number().int(),
  type: z.enum(runTypes),
  category: named,
  subcategory: named.nullable(),
  brand: named.nullable(),
  /** The run's own status: In Progress while queued or working, then how it ended. */
  status: z.string(),
  /** Queued (nobody works on it yet) or working: both are In Progress. */
  queued: z.boolean(),
  /** HTML: sanitise before rendering. */
  message: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The most it could cost (what it held while it worked); 0 until it started. */
  max_tokens: z.number().int(),
  charged_tokens: z.number().int(),
  items_added: z.number().int(),
  ...runOutcomeFields,
  /** The run this one retries, if it is a retry. */
  retry_of: z.number().int().nullable(),
  /** The run that retried this one: a run is retried once (then the runs centre links to its retry). */
  retried_by: z.number().int().nullable(),
  /** The AI model the run asked and the version of the prompts it sent (null for a run made before they were kept). */
  provider_model: z.string().nullable(),
  prompt_version: z.string().nullable(),
  /** What the run gave, with its items accepted and rejected so far (contract/review.ts). */
  figures: runFigures,
});
export type Run = z.infer<typeof run>;

export const runsAnswer = z.object({ runs: z.array(run), total: z.number().int() });
export type RunsAnswer = z.infer<typeof runsAnswer>;

export const runAnswer = z.object({ run, message: z.string() });
export type RunAnswer = z.infer<typeof runAnswer>;

/** Which runs can be retried: those that ended without a result. */
export const retryableStatuses: readonly string[] = [statusNames.failed, statusNames.insufficientTokens, statusNames.cancelled];

export const runMessages = {
  cancelled: (email: string) => `Cancelled by ${email}`,
  cancelDone: 'The generation was cancelled. Nothing was charged.',
  alreadyEnded: 'This generation has already ended.',
  notRetryable: 'Only a failed, cancelled or unpaid generation can be retried.',
  retried: 'The generation was queued again.',
  alreadyRetried: (retryId: number) => `This generation was already retried: run #${retryId}.`,
  brandExcluded: (brand: string) => `${brand} is excluded: its models are not generated. Remove it from the exclusion list first.`,
} as const;

/** `runchanged` on the operator's own channel: a run of theirs was queued, started, finished, cancelled. */
export const runChangedPayload = z.object({ run });

export const runsApi = {
  list: endpoint({
    name: 'runs.list',
    method: 'GET',
    path: '/api/runs',
    summary: 'The generation runs the operator started, newest first, filtered by status and type.',
    query: runsQuery,
    answer: runsAnswer,
  }),
  cancel: endpoint({
    name: 'runs.cancel',
    method: 'POST',
    path: '/api/runs/:id/cancel',
    summary: 'Cancels a queued or running run: its provider call is aborted, nothing it generated is kept or charged.',
    params: idParams,
    answer: runAnswer,
    otherAnswers: { 409: errorAnswer },
    announces: [realtimeEvents.runChanged, realtimeEvents.changeAnyStatus, realtimeEvents.changeTokens],
  }),
  retry: endpoint({
    name: 'runs.retry',
    method: 'POST',
    path: '/api/runs/:id/retry',
    summary:
      'Queues a new run for the target of a failed, cancelled or unpaid run (the balance rules of a generate call); once a run: a second retry, or one of an excluded brand, is 409.',
    params: idParams,
    answer: runAnswer,
    otherAnswers: { 402: errorAnswer, 409: errorAnswer },
    announces: [realtimeEvents.runChanged, realtimeEvents.changeAnyStatus],
  }),
} as const;
