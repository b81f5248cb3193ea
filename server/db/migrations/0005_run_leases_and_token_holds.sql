ALTER TABLE "generation_runs" ADD COLUMN "lease_holder" varchar(255);--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "held_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_held_tokens_within_balance" CHECK ("users"."held_tokens" >= 0 and "users"."held_tokens" <= "users"."tokens");