-- A retry links to the run it retries, and a run is retried once (docs/decisions/0008-money-and-runs-in-sight.md).
ALTER TABLE "generation_runs" ADD COLUMN "retry_of" integer;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_retry_of_generation_runs_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."generation_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "generation_runs_retry_of_unique" ON "generation_runs" USING btree ("retry_of");--> statement-breakpoint
-- One unfinished run a target, whatever category its subcategory is in now: a brands or models run is keyed by its
-- subcategory (and brand), an events run by its category.
DROP INDEX "generation_runs_active_target_unique";--> statement-breakpoint
-- A subcategory moved before its runs followed it may have two unfinished runs of one target: the later ones end
-- (Failed, at no cost, their holds released) and the earliest finishes.
WITH "twin" AS (
  SELECT "id", "user_id", "held_tokens" FROM (
    SELECT "id", "user_id", "held_tokens",
      row_number() OVER (PARTITION BY "type", coalesce("subcategory_id", "category_id"), coalesce("brand_id", 0) ORDER BY "id") AS "n"
    FROM "generation_runs" WHERE "finished_at" IS NULL
  ) "ranked" WHERE "n" > 1
), "released" AS (
  UPDATE "users" SET "held_tokens" = "users"."held_tokens" - "held"."tokens"
  FROM (SELECT "user_id", sum("held_tokens") AS "tokens" FROM "twin" WHERE "user_id" IS NOT NULL GROUP BY "user_id") "held"
  WHERE "users"."id" = "held"."user_id"
  RETURNING "users"."id"
)
UPDATE "generation_runs" SET "status" = 'Failed', "message" = '<p>Another generation of the same target was under way.</p>',
  "finished_at" = now(), "lease_until" = NULL, "held_tokens" = 0
FROM "twin" WHERE "generation_runs"."id" = "twin"."id";--> statement-breakpoint
-- Runs follow their subcategory to the category it is in now.
UPDATE "generation_runs" SET "category_id" = "subcategories"."category_id"
FROM "subcategories"
WHERE "subcategories"."id" = "generation_runs"."subcategory_id" AND "generation_runs"."category_id" <> "subcategories"."category_id";--> statement-breakpoint
CREATE UNIQUE INDEX "generation_runs_active_target_unique" ON "generation_runs" USING btree ("type",coalesce("subcategory_id", "category_id"),coalesce("brand_id", 0)) WHERE "generation_runs"."finished_at" is null;
