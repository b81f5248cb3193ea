import type { Brand } from '../../../contract/brands';
import type { Equipment } from '../../../contract/equipments';
import { useBrandEquipments } from '../../api/brands';
import { equipmentExportColumns as headers } from '../../../contract/grid-exports';
import { exportEquipments } from '../../api/grid-exports';
import { DataTable, dataTableColumns, DateTimeCell, ExportMenu, formatCount, TextCell, useDataTable } from '../../ui/data-table';
import { FetchFailure } from '../../ui/fetch-failure';
import { Spinner } from '../../ui/spinner';
import { brandsTexts } from './brands-texts';

const col = dataTableColumns<Equipment>();

/** docs/product.md#brands-screen: the equipment of an expanded brand. */
const equipmentColumns = col.columns([
  col.accessor('category', { header: headers.category, meta: { width: '160px' } }),
  col.accessor('subcategory', { header: headers.subcategory, meta: { width: '150px' } }),
  col.accessor('brand', { header: headers.brand, meta: { width: '150px' } }),
  col.accessor('model', {
    header: headers.model,
    cell: ({ row }) => (
      <span>
        <strong>{row.original.model}</strong>
        {row.original.excluded ? <span className="brands__tag">{brandsTexts.excluded}</span> : null}
      </span>
    ),
    meta: { width: '180px' },
  }),
  col.accessor('seo_title', { header: headers.seo_title, cell: (c) => <TextCell value={c.getValue()} />, meta: { width: '220px' } }),
  col.accessor('seo_description', {
    header: headers.seo_description,
    cell: (c) => <TextCell value={c.getValue()} />,
    meta: { width: '260px' },
  }),
  col.accessor('created_at', { header: headers.created_at, cell: (c) => <DateTimeCell value={c.getValue()} />, meta: { width: '190px' } }),
]);

/** The detail row under an expanded brand: its models, or 'No equipment found for this brand.' */
export function BrandEquipmentPanel({ brand }: { brand: Brand }) {
  if (brand.equipments_count === 0) return <p className="brands__panel-text">{brandsTexts.noEquipment}</p>;
  return <LoadedEquipment brand={brand} />;
}

const noRows: Equipment[] = [];

function LoadedEquipment({ brand }: { brand: Brand }) {
  const { data, isPending, isError, refetch, isFetching } = useBrandEquipments(brand.id);
  const rows = data?.equipments ?? noRows;
  const table = useDataTable({ columns: equipmentColumns, data: rows, getRowId: (e) => String(e.id) });

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
      <DataTable
        table={table}
        caption={`Equipment of ${brand.name}`}
        emptyText={brandsTexts.noEquipment}
        filterLabel={false}
        columnMenu={false}
        maxHeight="360px"
        summary={total > rows.length ? `The first ${formatCount(rows.length)} of ${formatCount(total)} models` : undefined}
        actions={
          <ExportMenu table={table} exportable={headers} download={(columns) => exportEquipments({ brand_id: brand.id }, columns)} />
        }
      />
    </div>
  );
}
