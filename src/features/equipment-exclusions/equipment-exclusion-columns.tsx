import type { EquipmentExclusion } from '../../../contract/exclusions';
import { equipmentExclusionExportColumns as headers } from '../../../contract/grid-exports';
import { exclusionTexts, useUnexcludeEquipment } from '../../api/exclusions';
import { dataTableColumns, selectionColumn } from '../../ui/data-table';
import { MenuItem } from '../../ui/menu';
import { RowMenu, rowActionsColumn } from '../../ui/row-menu';
import { toast } from '../../ui/toast';
import { exclusionAuthorshipColumns } from '../bulk-exclusions';
import { useExclusionToast } from '../exclusion-undo';
import { joinTags, yesNo } from './format';
import { TextCell } from './text-cell';

/** The row's Actions (docs/product.md#equipment-exclusions): its one working action, 'Remove from Exclusion List', with the spec's toasts (and Undo). */
function EquipmentExclusionActions({ equipment }: { equipment: EquipmentExclusion }) {
  const unexclude = useUnexcludeEquipment();
  const showOutcome = useExclusionToast();
  const remove = () =>
    unexclude.mutate(equipment.id, {
      onSuccess: (answer) => showOutcome(answer.message, answer.undo),
      onError: () => toast.error(exclusionTexts.equipmentRemovalFailed),
    });
  return (
    <RowMenu label={`Actions for ${equipment.brand} ${equipment.model}`} disabled={unexclude.isPending}>
      <MenuItem onSelect={remove}>Remove from Exclusion List</MenuItem>
    </RowMenu>
  );
}

const col = dataTableColumns<EquipmentExclusion>();
const text = { cell: ({ getValue }: { getValue: () => string | number | null }) => <TextCell value={getValue()} /> };
const long = { cell: ({ getValue }: { getValue: () => string | null }) => <TextCell value={getValue()} clamp /> };

/**
 * The 13 columns of the equipment exclusions grid (docs/product.md#equipment-exclusions), in the spec's order; Category to Model and the Actions
 * stay in view while the columns between scroll (docs/product.md#grids); before them, the checkbox that selects rows for
 * a bulk Un-exclude (docs/decisions/0012-bulk-actions-select-the-filter.md); before the Actions, who excluded the row and
 * when. The widths fit each header in full at 1280 px.
 */
export const equipmentExclusionColumns = col.columns([
  selectionColumn<EquipmentExclusion>({
    label: (row) => `Select ${row.original.brand} ${row.original.model}`,
    header: 'Select exclusions',
  }),
  // The columns up to the model (what names a row) are pinned at the left, in the spec's order; Actions at the right.
  col.accessor('category', { ...text, header: headers.category, meta: { width: '128px', pin: 'left' } }),
  col.accessor('subcategory', { ...text, header: headers.subcategory, meta: { width: '148px', pin: 'left' } }),
  col.accessor('brand', { ...text, header: headers.brand, meta: { width: '110px', pin: 'left' } }),
  col.accessor('model', { ...text, header: headers.model, meta: { width: '130px', pin: 'left' } }),
  col.accessor('year', { ...text, header: headers.year, sortUndefined: 'last', meta: { width: '80px' } }),
  col.accessor('specifications', { ...long, header: headers.specifications, meta: { width: '220px' } }),
  col.accessor('description', { ...long, header: headers.description, meta: { width: '240px' } }),
  col.accessor((row) => joinTags(row.tags), {
    id: 'tags',
    header: headers.tags,
    cell: ({ getValue }) => <TextCell value={getValue()} clamp />,
    meta: { width: '180px' },
  }),
  col.accessor((row) => yesNo(row.is_manufactured), { id: 'is_manufactured', header: headers.is_manufactured, meta: { width: '160px' } }),
  col.accessor((row) => yesNo(row.is_brand_still_manufactured), {
    id: 'is_brand_still_manufactured',
    header: headers.is_brand_still_manufactured,
    meta: { width: '150px' },
  }),
  col.accessor('seo_title', { ...long, header: headers.seo_title, meta: { width: '200px' } }),
  col.accessor('seo_description', { ...long, header: headers.seo_description, meta: { width: '240px' } }),
  ...exclusionAuthorshipColumns<EquipmentExclusion>(),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <EquipmentExclusionActions equipment={row.original} />,
    ...rowActionsColumn,
  }),
]);

/** The columns a link may sort by (`?sort=`): every column of the grid, as the contract lists them for its export. */
export const sortableEquipmentExclusionColumns = Object.keys(headers) as (keyof typeof headers)[];
