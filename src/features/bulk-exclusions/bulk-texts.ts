/** The texts of the selection bar and the bulk actions (docs/decisions/0012-bulk-actions-select-the-filter.md). */
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export interface Noun {
  one: string;
  many: string;
}

export const bulkTexts = {
  selectAll: (total: number) => `Select all ${total.toLocaleString('en-US')}`,
  selectAllLabel: (total: number, noun: Noun) => `Select all ${count(total, noun.one, noun.many)} matching`,
  allSelected: (total: number) => `All ${total.toLocaleString('en-US')} matching selected`,
  picked: (n: number) => `${n.toLocaleString('en-US')} selected`,
  clear: 'Clear',
  clearLabel: 'Clear selection',
  exclude: 'Exclude',
  unexclude: 'Un-exclude',
  excludeTitle: (n: number, noun: Noun) => `Exclude ${count(n, noun.one, noun.many)}?`,
  unexcludeTitle: (n: number, noun: Noun) => `Un-exclude ${count(n, noun.one, noun.many)}?`,
  excludeDescription: 'They are added to the exclusion list. The toast that follows offers Undo for a few seconds.',
  unexcludeDescription: 'They are removed from the exclusion list. The toast that follows offers Undo for a few seconds.',
  cancel: 'Cancel',
  failed: 'The bulk action failed: nothing was changed. Please try again.',
} as const;
