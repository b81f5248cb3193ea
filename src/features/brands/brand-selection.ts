import type { RowSelectionState } from '@tanstack/react-table';
import { isInProgress } from '../../api/statuses';

/** docs/product.md#constants: a brand that goes In Progress is deselected after this delay. */
export const autoDeselectDelayMs = 50;

/** The store's ticked brand ids as the table's row selection (row ids are brand ids as text). */
export function rowSelectionOf(selectedIds: readonly number[]): RowSelectionState {
  return Object.fromEntries(selectedIds.map((id) => [String(id), true]));
}

/** What the table asked for, as brands to tick and to untick. */
export function selectionChanges(before: RowSelectionState, after: RowSelectionState): { select: number[]; deselect: number[] } {
  const select = Object.keys(after)
    .filter((id) => after[id] && !before[id])
    .map(Number);
  const deselect = Object.keys(before)
    .filter((id) => before[id] && !after[id])
    .map(Number);
  return { select: select.filter(Number.isInteger), deselect: deselect.filter(Number.isInteger) };
}

/**
 * A row unticked (or the header box cleared) while "All N matching" is selected: as Gmail does, the selection falls
 * back to the loaded rows picked by hand, less the ones unticked (and those that cannot be picked, In Progress).
 * Clearing the header box leaves nothing ticked. See docs/decisions/0014-generate-for-all-matching.md.
 */
export function leaveAllMatching(loadedIds: readonly number[], after: RowSelectionState, canSelect: (id: number) => boolean): number[] {
  return loadedIds.filter((id) => after[String(id)] && canSelect(id));
}

/** docs/product.md#brands-screen: a brand checkbox is disabled while that brand is In Progress or while a generation request is running. */
export function canSelectBrand(status: string | null | undefined, generationRunning: boolean): boolean {
  return !generationRunning && !isInProgress(status);
}

/** docs/product.md#brands-screen: the ticked brands that are In Progress (to be deselected). */
export function inProgressAmong(selectedIds: readonly number[], statusOf: (brandId: number) => string | null | undefined): number[] {
  return selectedIds.filter((id) => isInProgress(statusOf(id)));
}
