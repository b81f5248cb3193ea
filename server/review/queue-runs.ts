import { sql } from 'drizzle-orm';
import type { ReviewRun } from '../../contract/review';
import type { Executor } from '../db/client';
import { reviewedCounts, runFigures } from '../catalogue/history';
import { idList, isoOf, rowsOf } from './review-tables';

/**
 * The runs of a queue page (contract/review.ts `reviewRun`): what each was for, by whom, with which AI model, and its
 * figures (server/catalogue/history.ts `runFigures`, as the runs centre and the histories give them).
 */

/** These runs, in id order; a run deleted meanwhile is left out. */
export async function reviewRuns(db: Executor, runIds: readonly number[]): Promise<ReviewRun[]> {
  if (runIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select r.id, r.type, r.created_at, r.provider_model, r.prompt_version, r.charged_tokens, u.email as operator,
        case r.type when 'Events' then c.name
          when 'Brands' then coalesce(s.name, c.name)
          else coalesce(b.name || ' - ' || s.name, s.name, c.name) end as target,
        r.items_proposed, r.items_added, r.items_known, r.items_dropped
      from generation_runs r
      join categories c on c.id = r.category_id
      left join subcategories s on s.id = r.subcategory_id
      left join brands b on b.id = r.brand_id
      left join users u on u.id = r.user_id
      where r.id = any(${idList(runIds)}::int[])
      order by r.id`,
  );
  const reviewed = await reviewedCounts(db, runIds);
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type as ReviewRun['type'],
    target: String(row.target),
    created_at: isoOf(row.created_at),
    provider_model: row.provider_model === null ? null : String(row.provider_model),
    prompt_version: row.prompt_version === null ? null : String(row.prompt_version),
    charged_tokens: Number(row.charged_tokens),
    operator: row.operator === null ? null : String(row.operator),
    figures: runFigures(
      {
        items_proposed: Number(row.items_proposed),
        items_added: Number(row.items_added),
        items_known: Number(row.items_known),
        items_dropped: Number(row.items_dropped),
      },
      reviewed.get(Number(row.id)),
    ),
  }));
}
