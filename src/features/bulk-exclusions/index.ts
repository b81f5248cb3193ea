/** Selecting rows in bulk (by hand or every row a filter matches) and excluding or un-excluding them at once. */
export type { BulkOutcomeHandlers } from './bulk-exclusion-buttons';
export { BulkSelection } from './bulk-selection';
export { SelectAllMatching } from './bulk-selection-bar';
export { ExclusionListSelection, pickedIds } from './exclusion-list-selection';
export { useAllMatching } from './use-all-matching';
// Not bulk: the columns both exclusion lists share (who excluded a row, and when).
export { exclusionAuthorshipColumns } from './exclusion-authorship-columns';
