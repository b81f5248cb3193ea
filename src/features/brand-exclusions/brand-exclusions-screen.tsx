import type { RowSelectionState } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import type { BrandExclusion as Brand } from '../../../contract/exclusions';
import { exclusionErrorText, useBrandExclusions } from '../../api/exclusions';
import { brandExclusionExportColumns } from '../../../contract/grid-exports';
import { exportBrandExclusions } from '../../api/grid-exports';
import { useGridColumnSettings } from '../../api/grid-settings';
import { DataTable, ExportMenu, useDataTable, useUrlTableState, type DataTableRow } from '../../ui/data-table';
import { FetchFailure } from '../../ui/fetch-failure';
import { ImportExclusionsButton } from '../exclusion-import';
import { brandExclusionColumns, sortableBrandExclusionColumns, type BrandExclusionsVariant } from './brand-exclusion-columns';
import { BrandInformationPanel } from './brand-information-panel';
import { BrandExclusionsSelection } from './brand-exclusions-selection';
import { brandExclusionTexts } from './error-text';
import './brand-exclusions.css';
import { SavedViewsMenu } from '../saved-views';

const noRows: Brand[] = [];

/** What each variant exports: its own columns (the `equipments` variant shows no Logo nor Socials). */
const { logo, socials, ...withoutLogoAndSocials } = brandExclusionExportColumns;
const exportableColumns: Record<BrandExclusionsVariant, Readonly<Record<string, string>>> = {
  brands: { logo, ...withoutLogoAndSocials, socials },
  equipments: withoutLogoAndSocials,
};
export const brandExclusionsEmptyTexts = { empty: 'No excluded brands found.', noMatch: 'No excluded brands match the filter.' } as const;

const renderBrandInformation = (row: DataTableRow<Brand>) => <BrandInformationPanel brand={row.original} />;

/**
 * docs/product.md#brand-exclusions: `equipments` at /dashboard/equipments/exclusions/brands (under
 * the exclusions sub-nav, which its route passes in as `subNav`), `brands` at /dashboard/brands/exclusions (the
 * variant with Logo and Socials). Rows expand to the brand information; removal is the one wired action.
 */
export function BrandExclusionsScreen({ variant, subNav }: { variant: BrandExclusionsVariant; subNav?: ReactNode }) {
  const exclusions = useBrandExclusions();
  const urlState = useUrlTableState({ sortable: sortableBrandExclusionColumns });
  const grid = variant === 'brands' ? 'brand-exclusions' : 'equipment-brand-exclusions';
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const columnSettings = useGridColumnSettings(grid);
  const table = useDataTable({
    columns: brandExclusionColumns[variant],
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    columnSettings,
    data: exclusions.data ?? noRows,
    getRowId: (row) => String(row.id),
    getRowCanExpand: () => true,
    urlState,
  });
  const count = exclusions.data?.length;

  return (
    <section className="screen brand-exclusions" aria-labelledby="screen-title" data-variant={variant}>
      {subNav}
      <h1 id="screen-title" className="screen__title">
        Brand exclusions
      </h1>
      <DataTable
        table={table}
        views={<SavedViewsMenu grid={grid} table={table} urlState={urlState} />}
        caption="Excluded brands"
        filterLabel="Filter excluded brands"
        loading={exclusions.isPending}
        error={
          exclusions.isError && !exclusions.data ? (
            <FetchFailure
              message={exclusionErrorText(exclusions.error, brandExclusionTexts.fetchFailed)}
              retrying={exclusions.isFetching}
              retryLabel={exclusions.isFetching ? 'Retrying…' : 'Try again'}
              onRetry={() => void exclusions.refetch()}
              announce={false}
            />
          ) : undefined
        }
        emptyText={urlState.globalFilter ? brandExclusionsEmptyTexts.noMatch : brandExclusionsEmptyTexts.empty}
        summary={
          <BrandExclusionsSelection
            table={table}
            rows={exclusions.data ?? noRows}
            rowSelection={rowSelection}
            clearRows={() => setRowSelection({})}
            summary={count === undefined ? undefined : `${count.toLocaleString('en-US')} excluded ${count === 1 ? 'brand' : 'brands'}`}
          />
        }
        renderSubRow={renderBrandInformation}
        actions={
          <>
            <ImportExclusionsButton />
            <ExportMenu
              table={table}
              exportable={exportableColumns[variant]}
              disabled={count === 0}
              download={(columns) => exportBrandExclusions(urlState.params, columns)}
            />
          </>
        }
        virtualize
        estimateRowHeight={variant === 'brands' ? 64 : 56}
      />
    </section>
  );
}
