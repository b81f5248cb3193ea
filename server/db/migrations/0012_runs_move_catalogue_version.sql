-- A generation history (GET /api/history and the others, the dashboard home's latest runs) is kept whole like the
-- catalogue's answers (server/plugins/catalogue-answers.ts), so a run's change that a history shows takes a new
-- catalogue_version number too: a run queued or deleted, its status, message, tokens or items. The lease, the hold
-- and the start time (renewed every few seconds while a run works) are in no history and move nothing.
CREATE TRIGGER "generation_runs_touch"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "type", "category_id", "subcategory_id", "brand_id", "input_tokens",
    "output_tokens", "total_tokens", "equipments_generated", "items_added", "status", "message", "created_at"
  ON "generation_runs"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
