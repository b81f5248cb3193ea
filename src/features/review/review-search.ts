import { z } from 'zod/mini';
import { reviewKinds, reviewOrders } from '../../../contract/review-kinds';
import type { ReviewListFilter } from '../../api/keys';
import { droppedIfBad } from '../../dropped-if-bad';

const id = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

/**
 * The review queue's filters in the URL (docs/product.md#review-queue): `kind`, `category`, `subcategory`, `run` (a
 * link from a run), `order=duplicate` (likely duplicates first; oldest first when absent). A bad value is dropped.
 */
export const reviewSearchSchema = z.object({
  kind: droppedIfBad(z.enum(reviewKinds)),
  category: droppedIfBad(id),
  subcategory: droppedIfBad(id),
  run: droppedIfBad(id),
  order: droppedIfBad(z.enum(reviewOrders)),
});
export type ReviewSearch = z.output<typeof reviewSearchSchema>;

/** The queue's call from its URL: the filter, and the order when it is not the default. */
export function queryOfReviewSearch(search: ReviewSearch): ReviewListFilter {
  return {
    ...(search.kind ? { kind: search.kind } : {}),
    ...(search.category ? { category_id: search.category } : {}),
    ...(search.subcategory ? { subcategory_id: search.subcategory } : {}),
    ...(search.run ? { run_id: search.run } : {}),
    order: search.order ?? 'oldest',
  };
}
