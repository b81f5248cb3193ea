import { flexRender } from '@tanstack/react-table';
import type { Brand } from '../../../contract/brands';
import type { Equipment } from '../../../contract/equipments';
import { useBrandEquipments } from '../../api/brands';
import { equipmentExportColumns as headers } from '../../../contract/grid-exports';
import { exportEquipments } from '../../api/grid-exports';
import {
  dataTableColumns,
  DateTimeCell,
  ExportMenu,
  formatCount,
  TextCell,
  useDataTable,
  type DataTableInstance,
} from '../../ui/data-table';
import { FetchFailure } from '../../ui/fetch-failure';
import { Spinner } from '../../ui/spinner';
import { ReviewMark } from '../saved-views';
import { brandsTexts } from './brands-texts';

const col = dataTableColumns<Equipment>();

/**
 * docs/product.md#brands-screen: the models of an expanded brand. The row above already says their Category,
 * Subcategory and Brand: those columns stay out of the list (hidden, still in the export's "All columns"), so each
 * model shows its own fields (docs/decisions/0023-scope-columns-yield-to-decision-columns.md).
 */
const equipmentColumns = col.columns([
  col.accessor('category', { header: headers.category }),
  col.accessor('subcategory', { header: headers.subcategory }),
  col.accessor('brand', { header: headers.brand }),
  col.accessor('model', {
    header: headers.model,
    cell: ({ row }) => (
      <span>
        <strong>{row.original.model}</strong>
        {row.original.excluded ? <span className="brands__tag">{brandsTexts.excluded}</span> : null}
        <ReviewMark review={row.original.review} />
      </span>
    ),
  }),
  col.accessor('seo_title', { header: headers.seo_title, cell: (c) => <TextCell value={c.getValue()} clamp={false} /> }),
  col.accessor('seo_description', { header: headers.seo_description, cell: (c) => <TextCell value={c.getValue()} clamp={false} /> }),
  col.accessor('created_at', { header: headers.created_at, cell: (c) => <DateTimeCell value={c.getValue()} /> }),
]);

const repeated = { category: false, subcategory: false, brand: false };

/** The detail row under an expanded brand: its models, or 'No equipment found for this brand.' */
export function BrandEquipmentPanel({ brand }: { brand: Brand }) {
  if (brand.equipments_count === 0) return <p className="brands__panel-text">{brandsTexts.noEquipment}</p>;
  return <LoadedEquipment brand={brand} />;
}

const noRows: Equipment[] = [];

function LoadedEquipment({ brand }: { brand: Brand }) {
  const { data, isPending, isError, refetch, isFetching } = useBrandEquipments(brand.id);
  const rows = data?.equipments ?? noRows;
  const table = useDataTable({
    columns: equipmentColumns,
    data: rows,
    getRowId: (e) => String(e.id),
    state: { columnVisibility: repeated },
  });

  if (isPending) {
    return (
      <div className="brands__panel-text">
        <Spinner size="sm" label={`Loading equipment of ${brand.name}`} />
      </div>
    );
  }
  if (isError) {
    return (
      <p className="brands__panel-text">
        <FetchFailure message={brandsTexts.equipmentFetchFailed} retrying={isFetching} onRetry={() => void refetch()} inline />
      </p>
    );
  }
  if (rows.length === 0) return <p className="brands__panel-text">{brandsTexts.noEquipment}</p>;
  const total = data.total ?? rows.length;
  return (
    <div className="brands__panel">
      <div className="brands__panel-bar">
        {total > rows.length ? <span>{`The first ${formatCount(rows.length)} of ${formatCount(total)} models`}</span> : null}
        <ExportMenu table={table} exportable={headers} download={(columns) => exportEquipments({ brand_id: brand.id }, columns)} />
      </div>
      <ModelList table={table} caption={`Equipment of ${brand.name}`} />
    </div>
  );
}

/** The models as a plain table that grows with its rows (at most a page of them): no scroll box inside the grid's. */
function ModelList({ table, caption }: { table: DataTableInstance<Equipment>; caption: string }) {
  return (
    <table className="brands__models">
      <caption className="sr-only">{caption}</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col" className={`brands__models-${header.column.id}`}>
                {flexRender(header.column.columnDef.header, header.getContext())}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
