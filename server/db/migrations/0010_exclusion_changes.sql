CREATE TABLE "exclusion_change_rows" (
	"change_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"target_id" integer NOT NULL,
	"excluded" boolean NOT NULL,
	"previous_created_by" integer,
	"previous_created_at" timestamp with time zone,
	CONSTRAINT "exclusion_change_rows_change_id_kind_target_id_pk" PRIMARY KEY("change_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "exclusion_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" varchar(520) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exclusion_change_rows" ADD CONSTRAINT "exclusion_change_rows_change_id_exclusion_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."exclusion_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_change_rows" ADD CONSTRAINT "exclusion_change_rows_previous_created_by_users_id_fk" FOREIGN KEY ("previous_created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_changes" ADD CONSTRAINT "exclusion_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exclusion_change_rows_target_idx" ON "exclusion_change_rows" USING btree ("kind","target_id","change_id");--> statement-breakpoint
CREATE INDEX "exclusion_changes_user_idx" ON "exclusion_changes" USING btree ("user_id","id");