ALTER TABLE "generation_runs" ADD COLUMN "charged_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "generation_runs_active_target_unique" ON "generation_runs" USING btree ("type","category_id",coalesce("subcategory_id", 0),coalesce("brand_id", 0)) WHERE "generation_runs"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "generation_runs_queue_idx" ON "generation_runs" USING btree ("id") WHERE "generation_runs"."finished_at" is null;