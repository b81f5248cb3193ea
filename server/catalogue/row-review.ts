import { eq, sql, type SQL } from 'drizzle-orm';
import type { ReviewState, RowReview } from '../../contract/review';
import type { brands, equipments, events } from '../db/schema';
import { users } from '../db/schema';

type ReviewedTable = typeof brands | typeof equipments | typeof events;

/**
 * The review part of a brand, model or event answer (contract/review.ts `rowReview`) as a JSON value built by the
 * database with the row's: its columns are on the row, the reviewer's email comes from `users` joined on
 * `reviewed_by` (`reviewerJoin`). `reviewed_at` is reformatted by `toRowReview`.
 */
export function reviewJson(table: ReviewedTable): SQL<RowReview> {
  return sql<RowReview>`json_build_object('state', ${table.reviewState}, 'reason', ${table.reviewReason},
    'comment', ${table.reviewComment}, 'reviewed_by', ${users.email}, 'reviewed_at', ${table.reviewedAt},
    'run_id', ${table.runId})`;
}

/** The left join of `users` that `reviewJson` reads the reviewer from. */
export const reviewerJoin = (table: ReviewedTable) => [users, eq(users.id, table.reviewedBy)] as const;

/** A row's review as the database built it, its time made ISO 8601 in UTC. */
export function toRowReview(json: RowReview): RowReview {
  return { ...json, reviewed_at: json.reviewed_at === null ? null : new Date(json.reviewed_at).toISOString() };
}

/** The rows in one review state, or no condition without a filter (every row). */
export function reviewCondition(table: ReviewedTable, review: ReviewState | undefined): SQL | undefined {
  return review === undefined ? undefined : eq(table.reviewState, review);
}
