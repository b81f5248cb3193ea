CREATE TABLE "grid_settings" (
	"user_id" integer NOT NULL,
	"grid" varchar(64) NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grid_settings_user_id_grid_pk" PRIMARY KEY("user_id","grid")
);
--> statement-breakpoint
ALTER TABLE "grid_settings" ADD CONSTRAINT "grid_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;