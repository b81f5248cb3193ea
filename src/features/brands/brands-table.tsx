import { functionalUpdate, type OnChangeFn, type RowSelectionState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Brand } from '../../../contract/brands';
import type { Category, Subcategory } from '../../../contract/categories';
import type { StatusRecord } from '../../../contract/statuses';
import { generateEquipmentsFailedText, loadedBrands, useBrandsPages, useGenerateBrandEquipments } from '../../api/brands';
import type { GenerateEquipmentsSelection } from '../../api/equipments';
import { errorMessage } from '../../api/http';
import { useSelection } from '../../store/selection';
import { brandExportColumns } from '../../../contract/grid-exports';
import { exportBrands } from '../../api/grid-exports';
import { useGridColumnSettings } from '../../api/grid-settings';
import { DataTable, ExportMenu, formatCount, useDataTable, useUrlTableState } from '../../ui/data-table';
import { toast } from '../../ui/toast';
import { brandColumns, brandSortable } from './brand-columns';
import { BrandEquipmentPanel } from './brand-equipment-panel';
import { HistoryDialog } from '../history';
import { BrandRowContextValue, type BrandRowContext } from './brand-row-context';
import {
  autoDeselectDelayMs,
  canSelectBrand,
  inProgressAmong,
  leaveAllMatching,
  rowSelectionOf,
  selectionChanges,
} from './brand-selection';
import { BrandsEmpty } from './brands-empty';
import { useSpend } from '../generation';
import { brandsListParams } from './brands-list-params';
import { brandsTexts } from './brands-texts';
import { GenerateEquipmentsButton } from './generate-equipments-button';
import { useBrandExclusionActions } from './use-brand-exclusion-actions';
import { SavedViewsMenu } from '../saved-views';
import { BrandsSelectionBar } from './brands-selection-bar';
import { SelectAllMatching, useAllMatching } from '../bulk-exclusions';

const defaultSort = { id: 'name', desc: false } as const;

/**
 * The selected subcategory's brands (docs/product.md#brands-screen), paged from the server as the operator scrolls, with selection for
 * equipment generation, expandable equipment, statuses, history and exclusion.
 */
export function BrandsTable({ category, subcategory }: { category: Category; subcategory: Subcategory }) {
  const urlState = useUrlTableState({ sortable: brandSortable, defaultSort });
  const params = useMemo(() => brandsListParams(urlState.params), [urlState.params]);
  const query = useBrandsPages(subcategory.id, params);
  const brands = useMemo(() => loadedBrands(query.data), [query.data]);
  const total = query.data?.pages.at(-1)?.total;

  // Statuses: each row's own (the page carries its brands' equipment generation status; live events patch it).
  const statusOf = useCallback((brand: Brand): StatusRecord | null => brand.status ?? null, []);
  const statusOfId = useMemo(() => statusNameLookup(brands), [brands]);

  // The ticked brands live in the selection store (changing the subcategory clears them).
  const selectedIds = useSelection((s) => s.selectedBrandIds);
  const setBrandSelected = useSelection((s) => s.setBrandSelected);
  const deselectBrands = useSelection((s) => s.deselectBrands);

  // "Select all N matching": the selection is the grid's filter, which another subcategory or text makes lapse.
  const allMatching = useAllMatching(JSON.stringify([subcategory.id, params.q ?? '']));
  // In that mode every loaded row shows ticked; unticking one leaves it (leaveAllMatching, decision 0014).
  const loadedIds = useMemo(() => brands.map((brand) => brand.id), [brands]);
  const rowSelection = useMemo(
    () => rowSelectionOf(allMatching.allMatching ? loadedIds : selectedIds),
    [allMatching.allMatching, loadedIds, selectedIds],
  );
  const { allMatching: allMatchingOn, clear: clearAllMatching } = allMatching;
  const onRowSelectionChange = useCallback<OnChangeFn<RowSelectionState>>(
    (updater) => {
      const after = functionalUpdate(updater, rowSelection);
      if (allMatchingOn) {
        const picked = leaveAllMatching(loadedIds, after, (id) => canSelectBrand(statusOfId(id), false));
        clearAllMatching();
        deselectBrands(selectedIds.filter((id) => !picked.includes(id)));
        for (const id of picked) setBrandSelected(id, true);
        return;
      }
      const { select, deselect } = selectionChanges(rowSelection, after);
      for (const id of select) setBrandSelected(id, true);
      for (const id of deselect) setBrandSelected(id, false);
    },
    [rowSelection, allMatchingOn, loadedIds, statusOfId, clearAllMatching, deselectBrands, selectedIds, setBrandSelected],
  );

  const generateEquipments = useGenerateBrandEquipments();
  const { spend, busy: spending, sending } = useSpend();
  const generationRunning = generateEquipments.isPending || sending;

  // docs/product.md#brands-screen: a ticked brand that goes In Progress is deselected after 50 ms.
  useEffect(() => {
    const ids = inProgressAmong(selectedIds, statusOfId);
    if (ids.length === 0) return;
    const timer = window.setTimeout(() => deselectBrands(ids), autoDeselectDelayMs);
    return () => window.clearTimeout(timer);
  }, [selectedIds, statusOfId, deselectBrands]);

  const columnSettings = useGridColumnSettings('brands');
  const table = useDataTable({
    columns: brandColumns,
    columnSettings,
    data: brands,
    getRowId: (brand) => String(brand.id),
    serverSide: true,
    urlState,
    state: { rowSelection },
    onRowSelectionChange,
    enableRowSelection: (row) => canSelectBrand(statusOf(row.original)?.name, generationRunning),
    getRowCanExpand: () => true,
  });

  // The brand whose history is open, by id: its row (its name) is read from the loaded pages, so a live rename shows.
  const [historyBrandId, setHistoryBrandId] = useState<number | null>(null);
  const historyBrand = historyBrandId === null ? null : (brands.find((b) => b.id === historyBrandId) ?? null);
  const openHistory = useCallback((brand: Brand) => setHistoryBrandId(brand.id), [setHistoryBrandId]);
  const exclusionActions = useBrandExclusionActions(subcategory.id);
  const rowContext = useMemo<BrandRowContext>(
    () => ({
      subcategoryId: subcategory.id,
      statusOf,
      openHistory,
      exclude: exclusionActions.exclude,
      unexclude: exclusionActions.unexclude,
      exclusionPending: exclusionActions.isPending,
    }),
    [subcategory.id, statusOf, openHistory, exclusionActions.exclude, exclusionActions.unexclude, exclusionActions.isPending],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Generate Equipments for the ticked brands, or for every brand the filter matches ("All N matching selected").
  const generateCount = allMatching.allMatching ? (total ?? 0) : selectedIds.length;
  const onGenerateEquipments = () => {
    if (generationRunning || generateCount === 0) return;
    const forFilter = allMatching.allMatching;
    const body: GenerateEquipmentsSelection = forFilter
      ? { subcategory_id: subcategory.id, filter: params.q ? { q: params.q } : {} }
      : { subcategory_id: subcategory.id, brands: [...selectedIds] };
    const what = forFilter
      ? brandsTexts.generateAllMatchingWhat(generateCount, subcategory.name, params.q)
      : brandsTexts.generateWhat(generateCount, subcategory.name);
    void spend({ type: 'Equipments', ...body }, what, () =>
      generateEquipments.mutateAsync(body, {
        onSuccess: (answer) => {
          if (!answer.success) return toast.error(answer.message);
          toast.success(answer.message);
          // The selection is spent (brands ticked by hand before "Select all" included).
          if (forFilter) {
            allMatching.clear();
            deselectBrands(selectedIds);
          }
        },
        onError: (error) => toast.error(errorMessage(error, generateEquipmentsFailedText)),
      }),
    );
  };

  if (query.isSuccess && total === 0 && !params.q) return <BrandsEmpty subcategory={subcategory} />;

  return (
    <BrandRowContextValue.Provider value={rowContext}>
      <DataTable
        table={table}
        views={<SavedViewsMenu grid="brands" table={table} urlState={urlState} />}
        caption={`Brands of ${subcategory.name} (${category.name})`}
        filterLabel="Filter brands by name"
        filterPlaceholder="Filter by name…"
        emptyText={params.q ? `No brands of ${subcategory.name} match “${params.q}”.` : brandsTexts.noBrands(subcategory.name)}
        loading={query.isPending}
        loadingMore={isFetchingNextPage}
        error={query.isError && brands.length === 0 ? <FetchFailed onRetry={() => void query.refetch()} /> : undefined}
        virtualize
        estimateRowHeight={67}
        rowCount={total}
        onEndReached={onEndReached}
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
        summary={
          total === undefined ? null : selectedIds.length > 0 || allMatching.allMatching ? (
            <BrandsSelectionBar
              subcategoryId={subcategory.id}
              q={params.q}
              total={total}
              pickedIds={selectedIds}
              allMatching={allMatching}
              onCleared={() => deselectBrands(selectedIds)}
            />
          ) : (
            <span className="bulk-summary">
              <span role="status">
                {formatCount(total)} {total === 1 ? 'brand' : 'brands'}
                {params.q ? ` matching “${params.q}”` : ''}
              </span>
              {total > 0 ? (
                <SelectAllMatching total={total} noun={{ one: 'brand', many: 'brands' }} onSelect={allMatching.selectAll} />
              ) : null}
            </span>
          )
        }
      />
      <GenerateEquipmentsButton count={generateCount} running={generationRunning} asking={spending} onGenerate={onGenerateEquipments} />
      <HistoryDialog
        source={historyBrand ? { kind: 'brand', params: { subcategory_id: subcategory.id, brand_id: historyBrand.id } } : null}
        description={historyBrand ? `Equipment generation runs of ${historyBrand.name}, times in UTC.` : undefined}
        emptyText="No generation has been performed for this brand."
        onClose={() => setHistoryBrandId(null)}
      />
    </BrandRowContextValue.Provider>
  );
}

function FetchFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <span>
      {brandsTexts.fetchFailed}{' '}
      <button type="button" className="btn btn--link brands__retry" onClick={onRetry}>
        Retry
      </button>
    </span>
  );
}

/**
 * A loaded brand's status name by id, asked only for ticked brands. The index is built on the first look-up rather
 * than each time a page arrives: at 20,000 loaded brands that was a 20,000-entry Map a page (about 2 ms of each page's
 * render in a CPU profile while scrolling to the end) that nothing read with no brand ticked.
 */
function statusNameLookup(brands: readonly Brand[]): (id: number) => StatusRecord['name'] | undefined {
  let byId: Map<number, StatusRecord['name'] | undefined> | undefined;
  return (id) => (byId ??= new Map(brands.map((brand) => [brand.id, brand.status?.name]))).get(id);
}
