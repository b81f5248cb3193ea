import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { RejectReason, ReviewState } from '../../contract/review';

/**
 * A count of tokens: 64-bit in the database, a JavaScript number (a safe integer) in the code
 * (docs/decisions/0004-token-ledger-and-holds.md, migration 0016).
 */
const tokenAmount = (name: string) => bigint(name, { mode: 'number' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * The provenance and review columns every brand, model and event has (migration 0018): the run that made it (null
 * for a row made by hand or seeded), its review state (accepted unless a run made it), a rejection's reason, comment
 * and the row it repeats, the row a trigram match found it close to when stored, and who decided when.
 */
const reviewColumns = () => ({
  runId: integer('run_id').references((): AnyPgColumn => generationRuns.id, { onDelete: 'set null' }),
  reviewState: varchar('review_state', { length: 16 }).$type<ReviewState>().notNull().default('accepted'),
  reviewReason: varchar('review_reason', { length: 16 }).$type<RejectReason>(),
  reviewComment: text('review_comment'),
  duplicateOf: integer('duplicate_of'),
  likelyDuplicateOf: integer('likely_duplicate_of'),
  likelyDuplicateScore: real('likely_duplicate_score'),
  reviewedBy: integer('reviewed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
});

/** The review's indexes of a table with `reviewColumns`: the queue's, a run's figures', a reviewer's day's. */
function reviewIndexes(
  table: string,
  t: { id: AnyPgColumn; runId: AnyPgColumn; reviewState: AnyPgColumn; reviewedBy: AnyPgColumn; reviewedAt: AnyPgColumn },
) {
  return [
    check(`${table}_review_state_check`, sql`${t.reviewState} in ('unreviewed', 'accepted', 'rejected')`),
    index(`${table}_unreviewed_idx`)
      .on(t.runId, t.id)
      .where(sql`${t.reviewState} = 'unreviewed'`),
    index(`${table}_run_idx`)
      .on(t.runId, t.reviewState)
      .where(sql`${t.runId} is not null`),
    index(`${table}_reviewed_idx`)
      .on(t.reviewedBy, t.reviewedAt)
      .where(sql`${t.reviewedAt} is not null`),
  ];
}

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Cached balance; every change is a row of token_ledger written in the same transaction. */
    tokens: tokenAmount('tokens').notNull().default(0),
    /**
     * The part of the balance held for runs under way (the sum of their generation_runs.held_tokens): what the
     * operator can still spend is tokens - held_tokens, never below zero.
     */
    heldTokens: tokenAmount('held_tokens').notNull().default(0),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    /** The operator's preference: a run whose most possible cost is under this starts without a confirmation (0: always ask). */
    confirmRunsFrom: tokenAmount('confirm_runs_from').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_tokens_not_negative', sql`${t.tokens} >= 0`),
    check('users_held_tokens_within_balance', sql`${t.heldTokens} >= 0 and ${t.heldTokens} <= ${t.tokens}`),
  ],
);

/** Opaque bearer tokens, kept only as a SHA-256 hash; logout deletes the row. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('access_tokens_hash_unique').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    /** Maintained by a trigger on events (migration 0002): the category's event count, read without counting. */
    eventsCount: integer('events_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_name_idx').on(t.name)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    /** Maintained by triggers on brands and equipments (migration 0002). */
    brandsCount: integer('brands_count').notNull().default(0),
    equipmentsCount: integer('equipments_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId, t.name), index('subcategories_name_idx').on(t.name)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    seoTitle: varchar('seo_title', { length: 255 }),
    seoDescription: text('seo_description'),
    logo: text('logo'),
    /** JSON text of [{ type, url }] as the spec keeps it. */
    socials: text('socials'),
    /** Maintained by a trigger on equipments (migration 0002): the brand's model count, sortable. */
    equipmentsCount: integer('equipments_count').notNull().default(0),
    ...reviewColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...reviewIndexes('brands', t),
    index('brands_subcategory_name_idx').on(t.subcategoryId, t.name, t.id),
    index('brands_subcategory_created_idx').on(t.subcategoryId, t.createdAt),
    index('brands_subcategory_equipments_count_idx').on(t.subcategoryId, t.equipmentsCount, t.id),
    index('brands_lower_name_idx').on(sql`lower(${t.name})`),
    // The grid's quick filter (`name ilike '%q%'`): trigrams find the matches without reading the whole subcategory.
    index('brands_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const brandInformations = pgTable(
  'brand_informations',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    website: text('website'),
    country: varchar('country', { length: 255 }),
    address: text('address'),
    phoneNumber: varchar('phone_number', { length: 64 }),
    email: varchar('email', { length: 255 }),
  },
  (t) => [index('brand_informations_brand_idx').on(t.brandId)],
);

export const equipments = pgTable(
  'equipments',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    brand: varchar('brand', { length: 255 }).notNull(),
    model: varchar('model', { length: 255 }).notNull(),
    year: integer('year'),
    specifications: text('specifications'),
    description: text('description'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isManufactured: boolean('is_manufactured').notNull().default(true),
    isBrandStillManufactured: boolean('is_brand_still_manufactured').notNull().default(true),
    seoTitle: varchar('seo_title', { length: 255 }),
    seoDescription: text('seo_description'),
    ...reviewColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...reviewIndexes('equipments', t),
    index('equipments_model_trgm_idx').using('gin', t.model.op('gin_trgm_ops')),
    index('equipments_subcategory_idx').on(t.subcategoryId, t.brand, t.model, t.id),
    index('equipments_brand_model_idx').on(t.brandId, t.model),
    index('equipments_category_idx').on(t.categoryId),
  ],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    address: text('address'),
    website: text('website'),
    eventType: varchar('event_type', { length: 100 }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    seoTitle: varchar('seo_title', { length: 255 }),
    seoDescription: text('seo_description'),
    ...reviewColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...reviewIndexes('events', t),
    index('events_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('events_category_start_idx').on(t.categoryId, t.startDate),
  ],
);

/**
 * The current generation status of one target: a category's events (category_id), a subcategory's brands
 * (subcategory_id) or a brand's equipment (brand_id + subcategory_id). One row per target, updated in place.
 */
export const statuses = pgTable(
  'statuses',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    message: text('message'),
    modelType: varchar('model_type', { length: 64 }).notNull(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('statuses_target_unique').on(t.modelType, t.categoryId, t.subcategoryId, t.brandId).nullsNotDistinct(),
    index('statuses_subcategory_idx').on(t.subcategoryId),
    index('statuses_brand_idx').on(t.brandId),
  ],
);

/** One generation run with its token cost: the history the screens show. */
export const generationRuns = pgTable(
  'generation_runs',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 16 }).notNull().$type<'Events' | 'Brands' | 'Equipments'>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    inputTokens: tokenAmount('input_tokens').notNull().default(0),
    outputTokens: tokenAmount('output_tokens').notNull().default(0),
    totalTokens: tokenAmount('total_tokens').notNull().default(0),
    equipmentsGenerated: integer('equipments_generated').notNull().default(0),
    /** How many new rows the run stored (events, brands or models, whatever its type). */
    itemsAdded: integer('items_added').notNull().default(0),
    /** The most the run could cost: what it held from the payer's balance while it worked (0 until it held). */
    maxTokens: tokenAmount('max_tokens').notNull().default(0),
    status: varchar('status', { length: 64 }).notNull(),
    message: text('message'),
    /** Tokens charged to userId when the run finished (its total_tokens, or 0 when nothing was kept). */
    chargedTokens: tokenAmount('charged_tokens').notNull().default(0),
    /**
     * The run is a job while unfinished: a process holds it until this time (renewing it while it works), then any
     * process may take it over.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** The process holding the lease: `host/pid/uuid`, an id made at its start (server/generation/lease-holder.ts). */
    leaseHolder: varchar('lease_holder', { length: 255 }),
    attempts: integer('attempts').notNull().default(0),
    /** Tokens reserved from the payer's balance while the run works (its most possible cost); 0 once it ends. */
    heldTokens: tokenAmount('held_tokens').notNull().default(0),
    /** When a process last started working on it (null while queued). */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /**
     * What the provider's answer came to (docs/decisions/0019-one-charging-rule.md): the items it proposed; of them,
     * `items_added` were stored, `items_known` were already there (or repeated), `items_dropped` could not be stored,
     * for `dropped_reasons`.
     */
    itemsProposed: integer('items_proposed').notNull().default(0),
    itemsKnown: integer('items_known').notNull().default(0),
    itemsDropped: integer('items_dropped').notNull().default(0),
    droppedReasons: jsonb('dropped_reasons').$type<{ reason: string; count: number }[]>().notNull().default([]),
    /** How the charge was reckoned (null while the run is unfinished). */
    chargeBasis: varchar('charge_basis', { length: 16 }).$type<'reported' | 'counted' | 'free' | 'none'>(),
    /** The run this one retries (POST /api/runs/{id}/retry): a run is retried once. */
    retryOf: integer('retry_of').references((): AnyPgColumn => generationRuns.id, { onDelete: 'set null' }),
    /** The AI model the run asked (its provider's label) and the version of the prompts it sent (prompts.ts). */
    providerModel: varchar('provider_model', { length: 255 }),
    promptVersion: varchar('prompt_version', { length: 32 }),
    /** Of `items_known`: another spelling of a name there (normal form), and a name rejected before. */
    itemsDuplicates: integer('items_duplicates').notNull().default(0),
    itemsRejectedBefore: integer('items_rejected_before').notNull().default(0),
  },
  (t) => [
    // One unfinished run a target: a second generate of the same target is refused (409), whichever process takes it.
    // A brands or models run is its subcategory's (and brand's), whatever category the subcategory is in now.
    uniqueIndex('generation_runs_active_target_unique')
      .on(t.type, sql`coalesce(${t.subcategoryId}, ${t.categoryId})`, sql`coalesce(${t.brandId}, 0)`)
      .where(sql`${t.finishedAt} is null`),
    uniqueIndex('generation_runs_retry_of_unique').on(t.retryOf),
    index('generation_runs_queue_idx')
      .on(t.id)
      .where(sql`${t.finishedAt} is null`),
    index('generation_runs_subcategory_idx').on(t.subcategoryId, t.createdAt),
    index('generation_runs_category_idx').on(t.categoryId, t.createdAt),
    index('generation_runs_brand_idx').on(t.brandId, t.createdAt),
    index('generation_runs_created_idx').on(t.createdAt),
    index('generation_runs_user_idx').on(t.userId, t.id),
  ],
);

/** An excluded brand; the exclusion's id is the brand's. */
export const brandExclusions = pgTable('brand_exclusions', {
  brandId: integer('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** An excluded equipment model; the exclusion's id is the equipment's. */
export const equipmentExclusions = pgTable('equipment_exclusions', {
  equipmentId: integer('equipment_id')
    .primaryKey()
    .references(() => equipments.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * The journal of exclusion changes (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md): one row per exclude or un-exclude call that changed something,
 * so that its operator can undo it (contract/exclusion-changes.ts). Kept as the record of who excluded what.
 */
export const exclusionChanges = pgTable(
  'exclusion_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What a one-row change was about, as its message named it ("Genelec", "Volvo CE - EC220E"). */
    label: varchar('label', { length: 520 }).notNull(),
    createdAt: createdAt(),
    /** When it was undone; null while it stands. */
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('exclusion_changes_user_idx').on(t.userId, t.id)],
);

/**
 * One brand or model a change flipped (only those whose state really changed), and to what. No foreign key to the
 * brand or model: a row deleted later stays in the record, and an undo skips it.
 */
export const exclusionChangeRows = pgTable(
  'exclusion_change_rows',
  {
    changeId: integer('change_id')
      .notNull()
      .references(() => exclusionChanges.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull().$type<'brand' | 'equipment'>(),
    targetId: integer('target_id').notNull(),
    /** The state the change left it in: excluded (true) or not (false). */
    excluded: boolean('excluded').notNull(),
    /** An un-exclusion: the removed exclusion's author and time, so that an undo puts it back exactly as it was. */
    previousCreatedBy: integer('previous_created_by').references(() => users.id, { onDelete: 'set null' }),
    previousCreatedAt: timestamp('previous_created_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.changeId, t.kind, t.targetId] }),
    // "Changed since?": the later changes of one brand or model.
    index('exclusion_change_rows_target_idx').on(t.kind, t.targetId, t.changeId),
  ],
);

/**
 * A review decision's rows in the journal of exclusion changes (docs/decisions/0025-review-of-generated-items.md): the
 * state the decision left each item in and the review it had before, so that an undo puts it back.
 */
export const reviewChangeRows = pgTable(
  'review_change_rows',
  {
    changeId: integer('change_id')
      .notNull()
      .references(() => exclusionChanges.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull().$type<'brand' | 'equipment' | 'event'>(),
    targetId: integer('target_id').notNull(),
    state: varchar('state', { length: 16 }).notNull().$type<ReviewState>(),
    previousState: varchar('previous_state', { length: 16 }).notNull().$type<ReviewState>(),
    previousReason: varchar('previous_reason', { length: 16 }).$type<RejectReason>(),
    previousComment: text('previous_comment'),
    previousDuplicateOf: integer('previous_duplicate_of'),
    previousReviewedBy: integer('previous_reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    previousReviewedAt: timestamp('previous_reviewed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'review_change_rows_pk', columns: [t.changeId, t.kind, t.targetId] }),
    index('review_change_rows_target_idx').on(t.kind, t.targetId, t.changeId),
  ],
);

/** Every change of a balance. users.tokens is the running sum and is never negative. */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: tokenAmount('delta').notNull(),
    balanceAfter: tokenAmount('balance_after').notNull(),
    reason: varchar('reason', { length: 32 }).notNull().$type<'seed' | 'purchase' | 'generation' | 'refund' | 'adjustment'>(),
    /** A payment intent, a generation run: what the change is about. Unique per reason so a retry never counts twice. */
    reference: varchar('reference', { length: 255 }),
    /** What the change was, in words, as it was when it happened ("Purchased 5,000 tokens (Visa 4242)"). */
    description: text('description').notNull().default(''),
    /** The generation run a charge paid for. */
    runId: integer('run_id').references(() => generationRuns.id, { onDelete: 'set null' }),
    /** A purchase's payment: what was paid, in cents, and the card it was paid with. */
    amountCents: integer('amount_cents'),
    cardBrand: varchar('card_brand', { length: 32 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    createdAt: createdAt(),
  },
  (t) => [
    // The statement pages an operator's rows newest first by id (the order they were written in).
    index('token_ledger_user_id_idx').on(t.userId, t.id),
    index('token_ledger_run_idx').on(t.runId),
    uniqueIndex('token_ledger_reference_unique').on(t.reason, t.reference),
    check('token_ledger_balance_not_negative', sql`${t.balanceAfter} >= 0`),
    // Migration 0015 (NOT VALID: older rows as they are): a purchase names its PaymentIntent, so it is credited once.
    check('token_ledger_purchase_has_reference', sql`${t.reason} <> 'purchase' or ${t.reference} is not null`),
  ],
);

/** An operator's columns of one grid (docs/product.md#grids): order, hidden, widths, as contract/grid-settings.ts says. */
export const gridSettings = pgTable(
  'grid_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grid: varchar('grid', { length: 64 }).notNull(),
    columns: jsonb('columns').notNull().$type<Array<{ id: string; hidden: boolean; width: number | null }>>(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.grid] })],
);

/**
 * Saved views (docs/decisions/0010-saved-views.md): a grid's filter, sort and columns kept under a name, per operator and grid. A name
 * is unique per operator and grid ignoring case (the index backs the route's own check against a race).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grid: varchar('grid', { length: 64 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    state: jsonb('state').notNull().$type<{ q?: string; sort?: string; dir?: 'asc' | 'desc'; columns: string[] }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('saved_views_user_grid_name_key').on(t.userId, t.grid, sql`lower(${t.name})`)],
);

/**
 * This database's installation (migration 0015): one row, made at the first start with payments configured. Its id
 * is in every Stripe idempotency key and metadata (docs/decisions/0020-purchases-that-are-never-lost.md).
 */
export const installation = pgTable(
  'installation',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    id: varchar('id', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('installation_singleton', sql`${t.singleton}`)],
);
