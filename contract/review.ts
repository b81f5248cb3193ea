import { z } from 'zod';
import { endpoint } from './endpoint';
import { exclusionChangeAnswer } from './exclusion-changes';
import { errorAnswer } from './http';
import { idField } from './ids';
import { realtimeEvents } from './realtime';
import { reviewKinds, reviewOrders } from './review-kinds';
import { catalogueText, clientText, pageLimit, searchQuery } from './text';

/**
 * Review of generated items (docs/decisions/0025-review-of-generated-items.md): every brand, model and event a run
 * stores is `unreviewed` until an operator accepts or rejects it; rows made by hand or seeded are `accepted`. A
 * rejected brand or model is also excluded (SPEC's exclusions); a rejected name is sent to the next runs of its target
 * as "rejected, do not propose" and dropped if proposed again. Decisions are changes of the exclusion journal
 * (contract/exclusion-changes.ts): one Undo takes a decision back, however many items it decided.
 */

export const reviewStates = ['unreviewed', 'accepted', 'rejected'] as const;
export type ReviewState = (typeof reviewStates)[number];

/** Why an item was rejected. `duplicate` names the item it repeats; `other` needs a comment. */
export const rejectReasons = ['duplicate', 'wrong_category', 'not_real', 'other'] as const;
export type RejectReason = (typeof rejectReasons)[number];

export const rejectReasonLabels: Record<RejectReason, string> = {
  duplicate: 'Duplicate of another result',
  wrong_category: 'Wrong category',
  not_real: 'Not real',
  other: 'Other',
};

export const reviewStateLabels: Record<ReviewState, string> = { unreviewed: 'New', accepted: 'Accepted', rejected: 'Rejected' };

export { reviewKinds, reviewOrders, type ReviewKind } from './review-kinds';

/**
 * The review part of a catalogue row (brands, models, events grids and their exports): its state, a rejection's
 * reason and comment, who decided and when, the run that made it, and a likely duplicate found when it was stored.
 */
export const rowReview = z.object({
  state: z.enum(reviewStates),
  reason: z.enum(rejectReasons).nullable(),
  comment: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  run_id: z.number().int().nullable(),
});
export type RowReview = z.infer<typeof rowReview>;

/** A grid's review filter (`review` in its URL and saved views): every row, or the rows in one state. */
export const reviewFilter = z.enum(reviewStates).optional();

/** A stored item close to one already there: the other item and their trigram similarity (0 to 1). */
export const likelyDuplicate = z.object({ id: z.number().int(), name: z.string(), score: z.number() });

const named = z.object({ id: z.number().int(), name: z.string() });

/** One unreviewed item of the queue, with the fields an operator judges it by (already sanitised text). */
export const reviewItem = z.object({
  kind: z.enum(reviewKinds),
  id: z.number().int(),
  run_id: z.number().int().nullable(),
  /** The brand's or event's name, the model's model. */
  name: z.string(),
  category: named,
  subcategory: named.nullable(),
  /** A model's brand. */
  brand: named.nullable(),
  /** The item's other fields, label to value, in the order its grid shows them (null: not given). */
  fields: z.array(z.object({ label: z.string(), value: z.string().nullable() })),
  likely_duplicate: likelyDuplicate.nullable(),
  created_at: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

/** A run of the queue's items: what it was for, when, which AI model, what it cost and what it gave. */
export const reviewRun = z.object({
  id: z.number().int(),
  type: z.enum(['Events', 'Brands', 'Equipments']),
  /** "Mixing Consoles", "Yamaha - Mixing Consoles", "Music Fairs". */
  target: z.string(),
  created_at: z.string(),
  provider_model: z.string().nullable(),
  prompt_version: z.string().nullable(),
  charged_tokens: z.number().int(),
  operator: z.string().nullable(),
  figures: z.lazy(() => runFigures),
});
export type ReviewRun = z.infer<typeof reviewRun>;

/**
 * What a run gave (docs/product.md#review): proposed; added; skipped as duplicates (the same name, another spelling
 * of one, or a name rejected before); dropped as invalid; and of the added, rejected, accepted and still new.
 */
export const runFigures = z.object({
  proposed: z.number().int(),
  added: z.number().int(),
  skipped_duplicates: z.number().int(),
  dropped_invalid: z.number().int(),
  rejected: z.number().int(),
  accepted: z.number().int(),
  /** Of the added, still new (unreviewed): the review queue shows them. */
  unreviewed: z.number().int(),
});
export type RunFigures = z.infer<typeof runFigures>;

/** The queue's filter: which unreviewed items (all when empty). In the queue's URL, and in a "matching" decision. */
export const reviewQueueFilter = z.strictObject({
  kind: z.enum(reviewKinds).optional(),
  category_id: idField.optional(),
  subcategory_id: idField.optional(),
  run_id: idField.optional(),
  q: searchQuery,
});

/**
 * GET /api/review/items: a page of the queue, oldest run first (its items in the order stored) or by duplicate score
 * (highest first, then oldest). `cursor` is the previous page's `next_cursor`.
 */
export const reviewItemsQuery = reviewQueueFilter.extend({
  order: z.enum(reviewOrders).default('oldest'),
  cursor: clientText.max(200).optional(),
  limit: pageLimit(500, 100),
});
export type ReviewItemsQuery = z.input<typeof reviewItemsQuery>;

export const reviewItemsAnswer = z.object({
  items: z.array(reviewItem),
  /** The runs of this page's items, each once. */
  runs: z.array(reviewRun),
  /** How many unreviewed items match the filter. */
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type ReviewItemsAnswer = z.infer<typeof reviewItemsAnswer>;

/** GET /api/review/summary: the navigation's count, and the signed-in reviewer's day (decided today, left). */
export const reviewSummaryAnswer = z.object({
  unreviewed: z.object({ total: z.number().int(), event: z.number().int(), brand: z.number().int(), equipment: z.number().int() }),
  today: z.object({ decided: z.number().int(), left: z.number().int() }),
});
export type ReviewSummaryAnswer = z.infer<typeof reviewSummaryAnswer>;

/** The most items a decision may list by hand: more are decided through the filter. */
export const reviewPickLimit = 1_000;

const pickedItems = z.strictObject({
  items: z
    .array(z.strictObject({ kind: z.enum(reviewKinds), id: idField }))
    .min(1, 'Select at least one result.')
    .max(
      reviewPickLimit,
      `Select at most ${reviewPickLimit.toLocaleString('en-US')} results by hand, or decide all that match the filter.`,
    ),
});

/** Which items a decision is about: picked by hand, or every unreviewed item matching the queue's filter. */
export const reviewSelection = z.union([pickedItems, z.strictObject({ filter: reviewQueueFilter })]);

export const reviewMessages = {
  reasonRequired: 'Choose why the result is rejected.',
  commentRequired: 'Say why in a comment when the reason is "Other".',
  duplicateOfRequired: 'Name the result this one repeats.',
  nothingToDecide: 'These results were already reviewed.',
  itemNotFound: 'Result not found.',
} as const;

/**
 * POST /api/review/decisions. Accept, or reject with a reason (`duplicate` with the item it repeats, of the same kind;
 * `other` with a comment). Items no longer unreviewed are left as they are and counted as `skipped`.
 */
export const reviewDecisionBody = z
  .strictObject({
    decision: z.enum(['accept', 'reject']),
    reason: z.enum(rejectReasons).optional(),
    comment: catalogueText(1000).trim().optional(),
    duplicate_of: idField.optional(),
    selection: reviewSelection,
  })
  .superRefine((body, context) => {
    if (body.decision === 'accept') return;
    if (body.reason === undefined) context.addIssue({ code: 'custom', path: ['reason'], message: reviewMessages.reasonRequired });
    if (body.reason === 'other' && !body.comment)
      context.addIssue({ code: 'custom', path: ['comment'], message: reviewMessages.commentRequired });
    if (body.reason === 'duplicate' && body.duplicate_of === undefined)
      context.addIssue({ code: 'custom', path: ['duplicate_of'], message: reviewMessages.duplicateOfRequired });
  });
export type ReviewDecisionBody = z.input<typeof reviewDecisionBody>;

/** What a decision did: a message, how many items it decided and skipped, and the change to undo. */
export const reviewDecisionAnswer = exclusionChangeAnswer.extend({
  decided: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type ReviewDecisionAnswer = z.infer<typeof reviewDecisionAnswer>;

/**
 * `reviewchanged` on the review channel: the unreviewed counts now, and what changed: items decided (by kind, ids;
 * `decided_all` when a decision was too big to list, and a client refetches), or a run that added items (refetch).
 */
export const reviewChangedPayload = z.object({
  unreviewed: reviewSummaryAnswer.shape.unreviewed,
  decided: z.array(z.object({ kind: z.enum(reviewKinds), ids: z.array(z.number().int()) })),
  decided_all: z.boolean(),
  added_by_run: z.number().int().nullable(),
});
export type ReviewChangedPayload = z.infer<typeof reviewChangedPayload>;

/** The most decided ids one `reviewchanged` lists; a bigger decision sends `decided_all`. */
export const reviewEventIdsLimit = 500;

/** Per type over the last 30 days: per AI model and prompt version, tokens per accepted item and acceptance rate. */
export const reviewStatsRow = z.object({
  type: z.enum(['Events', 'Brands', 'Equipments']),
  provider_model: z.string().nullable(),
  prompt_version: z.string().nullable(),
  runs: z.number().int(),
  charged_tokens: z.number().int(),
  added: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  /** Tokens charged per accepted item (null while none is accepted). */
  tokens_per_accepted: z.number().nullable(),
  /** accepted / (accepted + rejected), null while none is decided. */
  acceptance_rate: z.number().nullable(),
});
export type ReviewStatsRow = z.infer<typeof reviewStatsRow>;
export const reviewStatsAnswer = z.object({ since: z.string(), rows: z.array(reviewStatsRow) });
export type ReviewStatsAnswer = z.infer<typeof reviewStatsAnswer>;

export const reviewApi = {
  items: endpoint({
    name: 'review.items',
    method: 'GET',
    path: '/api/review/items',
    summary: 'The review queue: unreviewed generated items with their runs, oldest first or by duplicate score.',
    query: reviewItemsQuery,
    answer: reviewItemsAnswer,
  }),
  summary: endpoint({
    name: 'review.summary',
    method: 'GET',
    path: '/api/review/summary',
    summary: "How many items are unreviewed, by kind, and the signed-in operator's decisions today.",
    answer: reviewSummaryAnswer,
  }),
  decide: endpoint({
    name: 'review.decide',
    method: 'POST',
    path: '/api/review/decisions',
    summary: 'Accepts or rejects (with a reason) unreviewed items, picked or matching a filter, as one undoable change.',
    body: reviewDecisionBody,
    answer: reviewDecisionAnswer,
    otherAnswers: { 404: errorAnswer, 409: errorAnswer },
    announces: [realtimeEvents.reviewChanged, realtimeEvents.updateBrand, realtimeEvents.statusesChanged, realtimeEvents.updateEvents],
  }),
  stats: endpoint({
    name: 'review.stats',
    method: 'GET',
    path: '/api/review/stats',
    summary: 'Per type over the last 30 days, per AI model and prompt version: tokens per accepted item and the acceptance rate.',
    answer: reviewStatsAnswer,
  }),
} as const;
