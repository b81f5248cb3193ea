import { formatCount } from '../../ui/data-table';
import { SelectAllMatching } from '../bulk-exclusions';
import { reviewTexts } from '../saved-views';
import { BrandsSelectionBar } from './brands-selection-bar';
import type { BrandSelectionScope } from './use-brand-row-selection';

const noun = { one: 'brand', many: 'brands' } as const;

/**
 * The brands grid's toolbar summary: "N brands" (matching the filter) with "Select all N matching", or, once brands
 * are ticked, the selection bar with its bulk actions.
 */
export function BrandsSummary({ subcategory, q, review, total, selection }: BrandSelectionScope) {
  const { selectedIds, allMatching, deselectBrands } = selection;
  if (total === undefined) return null;
  if (selectedIds.length > 0 || allMatching.allMatching) {
    return (
      <BrandsSelectionBar
        subcategoryId={subcategory.id}
        q={q}
        total={total}
        pickedIds={selectedIds}
        allMatching={allMatching}
        onCleared={() => deselectBrands(selectedIds)}
      />
    );
  }
  return (
    <span className="bulk-summary">
      <span role="status">
        {formatCount(total)} {reviewTexts.rowsWord(review)}
        {total === 1 ? noun.one : noun.many}
        {q ? ` matching “${q}”` : ''}
      </span>
      {/* The bulk actions and Generate for all matching select by the quick filter alone, not the review filter. */}
      {total > 0 && review === undefined ? <SelectAllMatching total={total} noun={noun} onSelect={allMatching.selectAll} /> : null}
    </span>
  );
}
