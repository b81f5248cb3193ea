/** Generation status names (docs/product.md#statuses). Without zod: the runs centre's URL filters take them (contract/run-filters.ts). */
export const statusNames = {
  inProgress: 'In Progress',
  generated: 'Generated',
  noNewResults: 'No New Results',
  failed: 'Failed',
  insufficientTokens: 'Insufficient tokens',
  /** Extension (docs/decisions/0008-money-and-runs-in-sight.md): the operator cancelled the run; nothing it generated was kept, nothing was charged. */
  cancelled: 'Cancelled',
  /**
   * Extension: the run's target was left out before its turn came (its brand excluded): it never asked its provider
   * and cost nothing; it cannot be retried (docs/decisions/0019-one-charging-rule.md).
   */
  skipped: 'Skipped',
} as const;
