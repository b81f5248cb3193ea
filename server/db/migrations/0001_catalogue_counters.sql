DROP INDEX "equipments_brand_idx";--> statement-breakpoint
DROP INDEX "brands_subcategory_name_idx";--> statement-breakpoint
DROP INDEX "equipments_subcategory_idx";--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "equipments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "events_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subcategories" ADD COLUMN "brands_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subcategories" ADD COLUMN "equipments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "brands_subcategory_equipments_count_idx" ON "brands" USING btree ("subcategory_id","equipments_count","id");--> statement-breakpoint
CREATE INDEX "brands_lower_name_idx" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "equipments_brand_model_idx" ON "equipments" USING btree ("brand_id","model");--> statement-breakpoint
CREATE INDEX "brands_subcategory_name_idx" ON "brands" USING btree ("subcategory_id","name","id");--> statement-breakpoint
CREATE INDEX "equipments_subcategory_idx" ON "equipments" USING btree ("subcategory_id","brand","model","id");