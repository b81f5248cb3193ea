import type { Brand, BrandSortField } from '../../../contract/brands';
import { brandExportColumns as headers } from '../../../contract/grid-exports';
import { notGeneratedStatus } from '../../../contract/statuses';
import { dataTableColumns, DateTimeCell, formatCount, selectionColumn, TextCell, type DataTableRow } from '../../ui/data-table';
import { IconButton } from '../../ui/button';
import { StatusBadge } from '../../ui/status-badge';
import { BrandActions } from './brand-actions';
import { useBrandRow } from './brand-row-context';
import { brandsTexts } from './brands-texts';

const col = dataTableColumns<Brand>();

/** The columns of docs/product.md#brands-screen: checkbox, Name (with its equipment count), ..., Status, Actions. */
export const brandColumns = col.columns([
  selectionColumn<Brand>({ label: (row) => `Select ${row.original.name}`, header: 'Select brands' }),
  col.accessor('name', { header: headers.name, cell: ({ row }) => <NameCell row={row} />, meta: { width: '230px', pin: 'left' } }),
  col.accessor((brand) => brand.category.name, {
    id: 'category',
    header: headers.category,
    enableSorting: false,
    meta: { width: '140px' },
  }),
  col.accessor((brand) => brand.subcategory.name, {
    id: 'subcategory',
    header: headers.subcategory,
    enableSorting: false,
    meta: { width: '140px' },
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
    meta: { width: '164px' },
  }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <BrandActions brand={row.original} />,
    enableSorting: false,
    enableHiding: false,
    meta: { width: '96px', pin: 'right' },
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
          <span className="brands__count" title={`${formatCount(count)} equipment ${count === 1 ? 'item' : 'items'}`}>
            {formatCount(count)}
            <span className="sr-only"> equipment {count === 1 ? 'item' : 'items'}</span>
          </span>
        )}
        {brand.excluded ? <span className="brands__tag">{brandsTexts.excluded}</span> : null}
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
