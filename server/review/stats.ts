import { sql } from 'drizzle-orm';
import type { ReviewStatsAnswer, ReviewStatsRow } from '../../contract/review';
import type { Executor } from '../db/client';
import { isoOf, rowsOf } from './review-tables';

/** How far back the stats look (contract/review.ts `reviewStatsAnswer`). */
const statsDays = 30;

/** A run's items in one state, from the table of its type (over the `*_run_idx` indexes). */
const inState = (state: 'accepted' | 'rejected') =>
  sql.raw(`case r.type
    when 'Events' then (select count(*) from events x where x.run_id = r.id and x.review_state = '${state}')
    when 'Brands' then (select count(*) from brands x where x.run_id = r.id and x.review_state = '${state}')
    else (select count(*) from equipments x where x.run_id = r.id and x.review_state = '${state}') end`);

/**
 * GET /api/review/stats: per run type, AI model and prompt version, the runs started in the last 30 days, what they
 * charged and added, and how many of their items are accepted and rejected now; tokens per accepted item, and the
 * acceptance rate of the decided ones.
 */
export async function reviewStats(db: Executor): Promise<ReviewStatsAnswer> {
  const rows = await rowsOf(
    db,
    sql`with since as (select now() - make_interval(days => ${statsDays}) as at),
      runs as (
        select r.type, r.provider_model, r.prompt_version, r.charged_tokens, r.items_added,
          ${inState('accepted')} as accepted, ${inState('rejected')} as rejected
        from generation_runs r, since where r.created_at >= since.at)
      select (select at from since) as since, type, provider_model, prompt_version, count(*)::int as runs,
        sum(charged_tokens)::bigint as charged_tokens, sum(items_added)::int as added,
        sum(accepted)::int as accepted, sum(rejected)::int as rejected
      from runs group by type, provider_model, prompt_version
      order by type, provider_model nulls last, prompt_version nulls last`,
  );
  const since = rows[0]?.since ?? (await rowsOf(db, sql`select now() - make_interval(days => ${statsDays}) as since`))[0]?.since;
  return {
    since: isoOf(since),
    rows: rows.map((row): ReviewStatsRow => {
      const accepted = Number(row.accepted);
      const rejected = Number(row.rejected);
      const chargedTokens = Number(row.charged_tokens);
      return {
        type: row.type as ReviewStatsRow['type'],
        provider_model: row.provider_model === null ? null : String(row.provider_model),
        prompt_version: row.prompt_version === null ? null : String(row.prompt_version),
        runs: Number(row.runs),
        charged_tokens: chargedTokens,
        added: Number(row.added),
        accepted,
        rejected,
        tokens_per_accepted: accepted === 0 ? null : chargedTokens / accepted,
        acceptance_rate: accepted + rejected === 0 ? null : accepted / (accepted + rejected),
      };
    }),
  };
}
