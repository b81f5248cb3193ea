import type { BrandSelection } from '../../../contract/bulk-exclusions';
import { BulkSelection, type useAllMatching } from '../bulk-exclusions';

const noun = { one: 'brand', many: 'brands' } as const;

/**
 * The brands grid's selection bar: the ticked brands, or every brand of the subcategory the quick filter matches,
 * and Exclude / Un-exclude for them. Generate Equipments (its floating button) is for the same selection.
 */
export function BrandsSelectionBar({
  subcategoryId,
  q,
  total,
  pickedIds,
  allMatching,
  onCleared,
}: {
  subcategoryId: number;
  q: string | undefined;
  total: number;
  pickedIds: readonly number[];
  allMatching: ReturnType<typeof useAllMatching>;
  onCleared: () => void;
}) {
  const selection: BrandSelection = allMatching.allMatching
    ? { filter: { subcategory_id: subcategoryId, ...(q ? { q } : {}) } }
    : { ids: [...pickedIds] };
  return (
    <BulkSelection
      target="brands"
      noun={noun}
      actions={['exclude', 'unexclude']}
      allMatching={allMatching}
      picked={pickedIds.length}
      matching={total}
      selection={selection}
      onCleared={onCleared}
    />
  );
}
