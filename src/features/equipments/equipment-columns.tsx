import { useRef } from 'react';
import type { Equipment } from '../../../contract/equipments';
import { equipmentExportColumns as headers } from '../../../contract/grid-exports';
import { dataTableColumns, DateTimeCell, selectionColumn } from '../../ui/data-table';
import { MenuItem } from '../../ui/menu';
import { RowMenu, rowActionsColumn } from '../../ui/row-menu';
import { ReviewMark } from '../saved-views';
import { joinTags } from './equipment-draft';
import { rowActionsAttribute, useEquipmentRowActions } from './equipment-editor';

/**
 * The columns of the Equipment Details grid. Cells show the row only: Actions > Edit opens the editor drawer
 * (equipment-editor-drawer.tsx), so a row stays one line of text instead of a 2,500 px row of inputs. The Model
 * column is pinned left and Actions right (`meta.pin`), so both stay in view while the columns between scroll.
 */

type TextField = 'brand' | 'specifications' | 'description' | 'seo_title' | 'seo_description';

function Text({ value }: { value: string | null }) {
  return value ? (
    <span className="data-table__clamp" title={value}>
      {value}
    </span>
  ) : (
    <span className="data-table__muted">—</span>
  );
}

function TextCell({ row, field }: { row: Equipment; field: TextField }) {
  return <Text value={row[field]} />;
}

function ModelCell({ row }: { row: Equipment }) {
  return (
    <div className="equipment-cell__stack">
      <Text value={row.model} />
      {row.excluded ? <span className="excluded-badge">Excluded</span> : null}
      <ReviewMark review={row.review} />
    </div>
  );
}

function ActionsCell({ row }: { row: Equipment }) {
  const actions = useEquipmentRowActions();
  const cell = useRef<HTMLDivElement>(null);
  const busy = actions.excluding.has(row.id);
  return (
    <div ref={cell} {...{ [rowActionsAttribute]: row.id }}>
      <RowMenu label={`Actions for ${row.brand} ${row.model}`}>
        <MenuItem onSelect={() => actions.edit(row, cell.current?.querySelector('button') ?? null)}>Edit</MenuItem>
        {row.excluded ? (
          <MenuItem disabled={busy} onSelect={() => actions.unexclude(row)}>
            Remove from Exclusion
          </MenuItem>
        ) : (
          <MenuItem disabled={busy} onSelect={() => actions.exclude(row)}>
            Add to Exclusion
          </MenuItem>
        )}
      </RowMenu>
    </div>
  );
}

const col = dataTableColumns<Equipment>();

/** The column ids the grid may be sorted by (kept in the URL). */
export const sortableEquipmentColumns = ['brand', 'model', 'year', 'category', 'subcategory', 'seo_title', 'created_at'] as const;

export const equipmentColumns = col.columns([
  // The checkbox that selects models for a bulk Exclude / Un-exclude (docs/decisions/0012-bulk-actions-select-the-filter.md).
  selectionColumn<Equipment>({ label: (row) => `Select ${row.original.brand} ${row.original.model}`, header: 'Select models' }),
  col.accessor('brand', {
    header: headers.brand,
    cell: ({ row }) => <TextCell row={row.original} field="brand" />,
    meta: { width: '150px' },
  }),
  col.accessor('model', {
    header: headers.model,
    cell: ({ row }) => <ModelCell row={row.original} />,
    meta: { width: '170px', pin: 'left' },
  }),
  col.accessor('year', {
    header: headers.year,
    cell: ({ row }) => row.original.year ?? <span className="data-table__muted">—</span>,
    sortUndefined: 'last',
    meta: { width: '90px' },
  }),
  // The dialog shows one subcategory's models: these two say the same on every row, and yield when space is short.
  col.accessor('category', { header: headers.category, meta: { width: '160px', scope: true } }),
  col.accessor('subcategory', { header: headers.subcategory, meta: { width: '160px', scope: true } }),
  col.accessor((row) => row.specifications ?? '', {
    id: 'specifications',
    header: headers.specifications,
    cell: ({ row }) => <TextCell row={row.original} field="specifications" />,
    enableSorting: false,
    meta: { width: '220px' },
  }),
  col.accessor((row) => row.description ?? '', {
    id: 'description',
    header: headers.description,
    cell: ({ row }) => <TextCell row={row.original} field="description" />,
    enableSorting: false,
    meta: { width: '220px' },
  }),
  col.accessor((row) => joinTags(row.tags), {
    id: 'tags',
    header: headers.tags,
    cell: ({ getValue }) => <Text value={getValue()} />,
    enableSorting: false,
    meta: { width: '170px' },
  }),
  col.accessor('is_manufactured', {
    header: headers.is_manufactured,
    cell: ({ getValue }) => (getValue() ? 'Yes' : 'No'),
    enableSorting: false,
    enableGlobalFilter: false,
    meta: { width: '130px' },
  }),
  col.accessor('is_brand_still_manufactured', {
    header: headers.is_brand_still_manufactured,
    cell: ({ getValue }) => (getValue() ? 'Yes' : 'No'),
    enableSorting: false,
    enableGlobalFilter: false,
    meta: { width: '130px' },
  }),
  col.accessor((row) => row.seo_title ?? '', {
    id: 'seo_title',
    header: headers.seo_title,
    cell: ({ row }) => <TextCell row={row.original} field="seo_title" />,
    meta: { width: '210px' },
  }),
  col.accessor((row) => row.seo_description ?? '', {
    id: 'seo_description',
    header: headers.seo_description,
    cell: ({ row }) => <TextCell row={row.original} field="seo_description" />,
    enableSorting: false,
    meta: { width: '230px' },
  }),
  col.accessor('created_at', {
    header: headers.created_at,
    cell: ({ row }) => <DateTimeCell value={row.original.created_at} />,
    enableGlobalFilter: false,
    meta: { width: '180px' },
  }),
  col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <ActionsCell row={row.original} />, ...rowActionsColumn }),
]);
