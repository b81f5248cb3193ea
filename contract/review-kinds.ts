/**
 * The review queue's kinds of result and orders (docs/decisions/0025-review-of-generated-items.md), without zod: the
 * queue's route reads its address with them in the app's entry chunk, which the login screen loads.
 */
export const reviewKinds = ['event', 'brand', 'equipment'] as const;
export type ReviewKind = (typeof reviewKinds)[number];

export const reviewOrders = ['oldest', 'duplicate'] as const;
