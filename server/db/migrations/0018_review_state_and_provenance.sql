-- Review (docs/decisions/0025-review-of-generated-items.md): every brand, model and event records the run that made
-- it and a review state. Rows already here, seeded or made by hand, are accepted (the column's default); a run's
-- new rows are stored unreviewed. A rejected row keeps its reason (and, for a duplicate, the row it repeats).
-- A stored row a trigram match found close to another of its target carries that row and the similarity.
ALTER TABLE "brands" ADD COLUMN "run_id" integer REFERENCES "generation_runs"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "review_state" varchar(16) DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "review_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "likely_duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "likely_duplicate_score" real;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_review_state_check" CHECK ("review_state" in ('unreviewed', 'accepted', 'rejected'));--> statement-breakpoint
ALTER TABLE "equipments" ADD COLUMN "run_id" integer REFERENCES "generation_runs"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "equipments" ADD COLUMN "review_state" varchar(16) DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "equipments" ADD COLUMN "review_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "equipments" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "equipments" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "equipments" ADD COLUMN "likely_duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "equipments" ADD COLUMN "likely_duplicate_score" real;--> statement-breakpoint
ALTER TABLE "equipments" ADD COLUMN "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "equipments" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "equipments" ADD CONSTRAINT "equipments_review_state_check" CHECK ("review_state" in ('unreviewed', 'accepted', 'rejected'));--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "run_id" integer REFERENCES "generation_runs"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "review_state" varchar(16) DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "review_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "likely_duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "likely_duplicate_score" real;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_review_state_check" CHECK ("review_state" in ('unreviewed', 'accepted', 'rejected'));--> statement-breakpoint
-- The queue reads the unreviewed rows by run; a run's figures count its rows by state; a reviewer's day counts theirs.
CREATE INDEX "brands_unreviewed_idx" ON "brands" ("run_id", "id") WHERE "review_state" = 'unreviewed';--> statement-breakpoint
CREATE INDEX "equipments_unreviewed_idx" ON "equipments" ("run_id", "id") WHERE "review_state" = 'unreviewed';--> statement-breakpoint
CREATE INDEX "events_unreviewed_idx" ON "events" ("run_id", "id") WHERE "review_state" = 'unreviewed';--> statement-breakpoint
CREATE INDEX "brands_run_idx" ON "brands" ("run_id", "review_state") WHERE "run_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "equipments_run_idx" ON "equipments" ("run_id", "review_state") WHERE "run_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_run_idx" ON "events" ("run_id", "review_state") WHERE "run_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "brands_reviewed_idx" ON "brands" ("reviewed_by", "reviewed_at") WHERE "reviewed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "equipments_reviewed_idx" ON "equipments" ("reviewed_by", "reviewed_at") WHERE "reviewed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_reviewed_idx" ON "events" ("reviewed_by", "reviewed_at") WHERE "reviewed_at" IS NOT NULL;--> statement-breakpoint
-- Trigram matches of a model's name within its brand, and of an event's within its category (brands have theirs).
CREATE INDEX "equipments_model_trgm_idx" ON "equipments" USING gin ("model" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_name_trgm_idx" ON "events" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Provenance of a run: the AI model it asked (the provider's label) and the version of the prompts it sent; and,
-- of its answer, how many were skipped as another spelling of a name there and how many were dropped as a name
-- rejected before (docs/decisions/0019-one-charging-rule.md counts both among the known).
ALTER TABLE "generation_runs" ADD COLUMN "provider_model" varchar(255);--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "prompt_version" varchar(32);--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "items_duplicates" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "items_rejected_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The journal of exclusion changes also records review decisions (docs/decisions/0011 and 0025): one row per item a
-- decision changed, with the review it had before, so that an undo puts it back.
CREATE TABLE "review_change_rows" (
  "change_id" integer NOT NULL REFERENCES "exclusion_changes"("id") ON DELETE CASCADE,
  "kind" varchar(16) NOT NULL,
  "target_id" integer NOT NULL,
  "state" varchar(16) NOT NULL,
  "previous_state" varchar(16) NOT NULL,
  "previous_reason" varchar(16),
  "previous_comment" text,
  "previous_duplicate_of" integer,
  "previous_reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "previous_reviewed_at" timestamp with time zone,
  CONSTRAINT "review_change_rows_pk" PRIMARY KEY ("change_id", "kind", "target_id")
);--> statement-breakpoint
CREATE INDEX "review_change_rows_target_idx" ON "review_change_rows" ("kind", "target_id", "change_id");
