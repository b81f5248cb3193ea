/** Selecting rows in bulk (by hand or every row a filter matches) and excluding or un-excluding them at once. */
export { BulkExclusionButtons } from './bulk-exclusion-buttons';
export { BulkSelectionBar, SelectAllMatching } from './bulk-selection-bar';
export { useAllMatching } from './use-all-matching';
