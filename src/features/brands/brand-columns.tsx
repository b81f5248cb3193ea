import type { Brand, BrandSortField } from '../../../contract/brands';
import { brandExportColumns as headers } from '../../../contract/grid-exports';
import { notGeneratedStatus } from '../../../contract/statuses';
import { dataTableColumns, DateTimeCell, formatCount, selectionColumn, TextCell, type DataTableRow } from '../../ui/data-table';
import { IconButton } from '../../ui/button';
import { rowActionsColumn } from '../../ui/row-menu';
import { StatusBadge } from '../../ui/status-badge';
import { ReviewMark } from '../saved-views';
import { BrandActions } from './brand-actions';
import { useBrandRow } from './brand-row-context';
import { brandsTexts } from './brands-texts';

const col = dataTableColumns<Brand>();

/**
 * The columns of docs/product.md#brands-screen: checkbox, Name (with its equipment count), ..., Status, Actions. The
 * columns an operator decides on stay in view at 1280 px (docs/decisions/0023-scope-columns-yield-to-decision-columns.md):
 * the Name pinned left, the Status and the Actions right; Category and Subcategory, the same on every row of a
 * subcategory's grid, yield their place when the grid is short of it (`meta.scope`).
 */
export const brandColumns = col.columns([
  selectionColumn<Brand>({ label: (row) => `Select ${row.original.name}`, header: 'Select brands' }),
  col.accessor('name', { header: headers.name, cell: ({ row }) => <NameCell row={row} />, meta: { width: '230px', pin: 'left' } }),
  col.accessor((brand) => brand.category.name, {
    id: 'category',
    header: headers.category,
    enableSorting: false,
    meta: { width: '140px', scope: true },
  }),
  col.accessor((brand) => brand.subcategory.name, {
    id: 'subcategory',
    header: headers.subcategory,
    enableSorting: false,
    meta: { width: '140px', scope: true },
  }),
  col.accessor('seo_title', { header: headers.seo_title, cell: (c) => <TextCell value={c.getValue()} />, meta: { width: '180px' } }),
  col.accessor('seo_description', {
    header: headers.seo_description,
    cell: (c) => <TextCell value={c.getValue()} />,
    meta: { width: '200px' },
  }),
  col.accessor('created_at', { header: headers.created_at, cell: (c) => <DateTimeCell value={c.getValue()} />, meta: { width: '184px' } }),
  col.display({
    id: 'status',
    header: headers.status,
    cell: ({ row }) => <StatusCell brand={row.original} />,
    enableSorting: false,
    meta: { width: '150px', pin: 'right' },
  }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <BrandActions brand={row.original} />,
    ...rowActionsColumn,
    // The history icon beside the Actions menu.
    meta: { ...rowActionsColumn.meta, width: '160px' },
  }),
]);

/** Column ids the server sorts by (the rest are not sortable). */
export const brandSortable: readonly BrandSortField[] = ['name', 'seo_title', 'seo_description', 'created_at'];

function NameCell({ row }: { row: DataTableRow<Brand> }) {
  const brand = row.original;
  const count = brand.equipments_count;
  return (
    <div className="brands__name">
      <IconButton
        className="data-table__expander"
        aria-expanded={row.getIsExpanded()}
        label={`Equipment of ${brand.name}`}
        icon={<span className="data-table__chevron">›</span>}
        onClick={row.getToggleExpandedHandler()}
      />
      <span className="brands__name-text">
        <strong>{brand.name}</strong>
        {count === undefined ? null : (
          <span className="brands__count" title={`${formatCount(count)} ${count === 1 ? 'model' : 'models'}`}>
            {formatCount(count)}
            <span className="sr-only"> {count === 1 ? 'model' : 'models'}</span>
          </span>
        )}
        {brand.excluded ? <span className="brands__tag">{brandsTexts.excluded}</span> : null}
        <ReviewMark review={brand.review} />
      </span>
    </div>
  );
}

function StatusCell({ brand }: { brand: Brand }) {
  const status = useBrandRow().statusOf(brand);
  return status ? (
    <StatusBadge name={status.name} message={status.message} />
  ) : (
    <StatusBadge name={null} message={notGeneratedStatus.message} />
  );
}
