DROP INDEX "token_ledger_user_idx";--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "items_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "max_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "card_brand" varchar(32);--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "card_last4" varchar(4);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirm_runs_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_run_id_generation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."generation_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_runs_user_idx" ON "generation_runs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "token_ledger_user_id_idx" ON "token_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "token_ledger_run_idx" ON "token_ledger" USING btree ("run_id");--> statement-breakpoint
-- Rows written before this migration: what can be known of them (server/tokens/descriptions.ts writes new ones).
UPDATE "generation_runs" SET "items_added" = "equipments_generated" WHERE "type" = 'Equipments';--> statement-breakpoint
UPDATE "generation_runs" SET "max_tokens" = greatest("held_tokens", "charged_tokens");--> statement-breakpoint
UPDATE "token_ledger" SET "run_id" = r."id"
  FROM "generation_runs" r
  WHERE "token_ledger"."reason" = 'generation' AND "token_ledger"."reference" = 'run:' || r."id";--> statement-breakpoint
UPDATE "token_ledger" SET "description" = CASE r."type"
    WHEN 'Events' THEN 'Events for ' || c."name"
    WHEN 'Brands' THEN 'Brands for ' || c."name" || coalesce(' / ' || s."name", '')
    ELSE 'Models of ' || coalesce(b."name", 'a deleted brand') || ': ' || r."items_added" || ' new'
  END
  FROM "generation_runs" r
  JOIN "categories" c ON c."id" = r."category_id"
  LEFT JOIN "subcategories" s ON s."id" = r."subcategory_id"
  LEFT JOIN "brands" b ON b."id" = r."brand_id"
  WHERE "token_ledger"."run_id" = r."id";--> statement-breakpoint
UPDATE "token_ledger" SET "description" = 'Purchased ' || to_char("delta", 'FM999,999,999,999') || ' tokens',
    "amount_cents" = CASE "delta" WHEN 1000000 THEN 3500 WHEN 5000000 THEN 16000 WHEN 10000000 THEN 29000 END
  WHERE "reason" = 'purchase';--> statement-breakpoint
UPDATE "token_ledger" SET "description" = 'Starting balance' WHERE "reason" = 'seed';--> statement-breakpoint
UPDATE "token_ledger" SET "description" = 'Refund' WHERE "reason" = 'refund' AND "description" = '';--> statement-breakpoint
UPDATE "token_ledger" SET "description" = 'Balance adjustment' WHERE "reason" = 'adjustment' AND "description" = '';--> statement-breakpoint
UPDATE "token_ledger" SET "description" = 'Generation' WHERE "reason" = 'generation' AND "description" = '';
