import type { GenerationHistoryEntry } from '../../../contract/history';
import { notGeneratedStatus, statusNames } from '../../../contract/statuses';

/** The order statuses read in, most urgent first; unknown names follow, alphabetically. */
const statusOrder: readonly string[] = [
  statusNames.inProgress,
  statusNames.failed,
  statusNames.insufficientTokens,
  statusNames.generated,
  statusNames.noNewResults,
  notGeneratedStatus.name,
];

export interface StatusCount {
  status: string;
  count: number;
}

/** A `{ status: count }` tally as rows in reading order (zero counts dropped), with the total. */
export function statusBreakdown(tally: Readonly<Record<string, number>>): { rows: StatusCount[]; total: number } {
  const rows = Object.entries(tally)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => ({ status, count }))
    .sort((a, b) => rank(a.status) - rank(b.status) || a.status.localeCompare(b.status));
  return { rows, total: rows.reduce((sum, row) => sum + row.count, 0) };
}

function rank(status: string): number {
  const index = statusOrder.indexOf(status);
  return index < 0 ? statusOrder.length : index;
}

/** What a run was for: 'Category', 'Category › Subcategory' or 'Category › Subcategory › Brand'. */
export function runTarget(run: Pick<GenerationHistoryEntry, 'category' | 'subcategory' | 'brand'>): string {
  return [run.category.name, run.subcategory?.name, run.brand?.name].filter((part): part is string => Boolean(part)).join(' › ');
}

/** What a run produced, in words: events, brands or models. */
export function runProduct(type: GenerationHistoryEntry['type']): string {
  return type === 'Equipments' ? 'Models' : type;
}
