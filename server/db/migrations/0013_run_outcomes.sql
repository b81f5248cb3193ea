-- What a run's answer came to and how its charge was reckoned (docs/decisions/0019-one-charging-rule.md): the items
-- the provider proposed, how many were already known, how many were dropped and why, and the basis of the charge.
-- They change only with the run's status and message (finishing it), which move catalogue_version already
-- (migration 0012), so the history's kept answers follow them.
ALTER TABLE "generation_runs" ADD COLUMN "items_proposed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "items_known" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "items_dropped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "dropped_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "charge_basis" varchar(16);--> statement-breakpoint
-- The runs that ended before: charged what the provider reported, or nothing.
UPDATE "generation_runs" SET "charge_basis" = CASE WHEN "charged_tokens" > 0 THEN 'reported' ELSE 'none' END
WHERE "finished_at" IS NOT NULL;
