/** The nearest-rank percentile `p` (0-100) of `sorted`, ascending; NaN when it is empty. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
