import type { reviewExportColumns } from '../../contract/grid-exports';
import { rejectReasonLabels, reviewStateLabels, type RowReview } from '../../contract/review';
import type { CsvCells } from './csv';

type ReviewColumn = keyof typeof reviewExportColumns;

/**
 * The review columns of a brand, model or event export (contract/grid-exports.ts `reviewExportColumns`) from a row's
 * `review`: the state and reason as the grid names them, the reviewer's email, the time in ISO 8601 and the run's
 * number. A row without a review (it cannot happen with this server) writes empty cells.
 */
export function reviewCells<Row>(reviewOf: (row: Row) => RowReview | undefined): CsvCells<Row, ReviewColumn> {
  return {
    review_state: (row) => {
      const state = reviewOf(row)?.state;
      return state === undefined ? null : reviewStateLabels[state];
    },
    review_reason: (row) => {
      const reason = reviewOf(row)?.reason;
      return reason == null ? null : rejectReasonLabels[reason];
    },
    reviewed_by: (row) => reviewOf(row)?.reviewed_by,
    reviewed_at: (row) => reviewOf(row)?.reviewed_at,
    run_id: (row) => reviewOf(row)?.run_id,
  };
}
