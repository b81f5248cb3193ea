import { useMemo } from 'react';
import type { Category, Subcategory } from '../../../contract/categories';
import { brandExportColumns } from '../../../contract/grid-exports';
import { brandsList } from '../../api/brands';
import { usePagedList } from '../../api/paged-list';
import { exportBrands } from '../../api/grid-exports';
import { useGridColumnSettings } from '../../api/grid-settings';
import { DataTable, ExportMenu, useDataTable, useUrlTableState } from '../../ui/data-table';
import { useInfiniteScrollGrid } from '../../ui/infinite-scroll-grid';
import { HistoryDialog } from '../history';
import { ReviewFilter, reviewTexts, SavedViewsMenu, useReviewFilter } from '../saved-views';
import { brandColumns, brandSortable } from './brand-columns';
import { historyOpener } from './brand-actions';
import { BrandEquipmentPanel } from './brand-equipment-panel';
import { BrandRowContextValue } from './brand-row-context';
import { canSelectBrand } from './brand-selection';
import { BrandsEmpty } from './brands-empty';
import { brandsListParams } from './brands-list-params';
import { BrandsSummary } from './brands-summary';
import { brandsTexts } from './brands-texts';
import { GenerateEquipmentsButton } from './generate-equipments-button';
import { useBrandRowContext } from './use-brand-row-context';
import { useBrandRowSelection } from './use-brand-row-selection';
import { useGenerateEquipmentsForSelection } from './use-generate-equipments-for-selection';

const defaultSort = { id: 'name', desc: false } as const;

/**
 * The selected subcategory's brands (docs/product.md#brands-screen), paged from the server as the operator scrolls, with selection for
 * equipment generation, expandable equipment, statuses, history and exclusion.
 */
export function BrandsTable({ category, subcategory }: { category: Category; subcategory: Subcategory }) {
  const urlState = useUrlTableState({ sortable: brandSortable, defaultSort });
  const review = useReviewFilter();
  const params = useMemo(() => brandsListParams({ ...urlState.params, review: review.review }), [urlState.params, review.review]);
  const query = usePagedList(brandsList, subcategory.id, params);
  const brands = useMemo(() => brandsList.loaded(query.data), [query.data]);
  const total = query.data?.pages.at(-1)?.total;
  const scrollPaging = useInfiniteScrollGrid(query, { loadedRows: brands.length, total, failedText: brandsTexts.fetchFailed });

  const selection = useBrandRowSelection(brands, subcategory.id, params.q, params.review);
  const scope = { subcategory, q: params.q, review: params.review, total, selection };
  const generation = useGenerateEquipmentsForSelection(scope);
  const { rowContext, historyBrand, closeHistory } = useBrandRowContext(subcategory.id, brands);
  const columnSettings = useGridColumnSettings('brands');
  const table = useDataTable({
    columns: brandColumns,
    columnSettings,
    data: brands,
    getRowId: (brand) => String(brand.id),
    serverSide: true,
    urlState,
    state: { rowSelection: selection.rowSelection },
    onRowSelectionChange: selection.onRowSelectionChange,
    enableRowSelection: (row) => canSelectBrand(rowContext.statusOf(row.original)?.name, generation.running),
    getRowCanExpand: () => true,
  });

  const filtered = params.q !== undefined || params.review !== undefined;
  if (query.isSuccess && total === 0 && !filtered) return <BrandsEmpty subcategory={subcategory} />;

  return (
    <BrandRowContextValue.Provider value={rowContext}>
      <DataTable
        table={table}
        views={
          <>
            <ReviewFilter review={review.review} onChange={review.setReview} />
            <SavedViewsMenu grid="brands" table={table} urlState={urlState} review={review} />
          </>
        }
        caption={`Brands of ${subcategory.name} (${category.name})`}
        filterLabel="Filter brands by name"
        filterPlaceholder="Filter by name…"
        emptyText={
          filtered
            ? `No ${reviewTexts.rowsWord(params.review)}brands of ${subcategory.name}${params.q ? ` match “${params.q}”` : ''}.`
            : brandsTexts.noBrands(subcategory.name)
        }
        {...scrollPaging}
        estimateRowHeight={67}
        renderSubRow={(row) => <BrandEquipmentPanel brand={row.original} />}
        getRowClassName={(row) => (row.original.excluded ? 'brands__row--excluded' : undefined)}
        actions={
          <ExportMenu
            table={table}
            exportable={brandExportColumns}
            disabled={total === 0}
            download={(columns) => exportBrands({ subcategory_id: subcategory.id, ...params }, columns)}
          />
        }
        summary={<BrandsSummary {...scope} />}
      />
      <GenerateEquipmentsButton
        count={generation.count}
        running={generation.running}
        asking={generation.asking}
        onGenerate={generation.generate}
      />
      <HistoryDialog
        source={historyBrand ? { kind: 'brand', params: { subcategory_id: subcategory.id, brand_id: historyBrand.id } } : null}
        description={historyBrand ? `Model generation runs of ${historyBrand.name}, times in UTC.` : undefined}
        emptyText="No generation has been performed for this brand."
        returnFocusTo={historyOpener}
        onClose={closeHistory}
      />
    </BrandRowContextValue.Provider>
  );
}
