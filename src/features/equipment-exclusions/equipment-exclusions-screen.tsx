import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import type { EquipmentExclusion } from '../../../contract/exclusions';
import { exclusionTexts, useEquipmentExclusions } from '../../api/exclusions';
import { equipmentExclusionExportColumns } from '../../../contract/grid-exports';
import { exportEquipmentExclusions } from '../../api/grid-exports';
import { useGridColumnSettings } from '../../api/grid-settings';
import { DataTable, ExportMenu, useDataTable, useUrlTableState } from '../../ui/data-table';
import { FetchFailure } from '../../ui/fetch-failure';
import { ExclusionListSelection } from '../bulk-exclusions';
import { ImportExclusionsButton } from '../exclusion-import';
import { equipmentExclusionColumns, sortableEquipmentExclusionColumns } from './equipment-exclusion-columns';
import { ExclusionsSubNav } from './exclusions-sub-nav';
import './exclusions.css';
import { SavedViewsMenu } from '../saved-views';

const noRows: EquipmentExclusion[] = [];
const noun = { one: 'model', many: 'models' } as const;
export const equipmentExclusionTexts = { empty: 'No excluded exclusions found.', noMatch: 'No exclusions match the filter.' } as const;

/**
 * docs/product.md#equipment-exclusions (/dashboard/equipments/exclusions): the excluded models, removable one by one
 * or selected (by hand, or all the filter shows) and un-excluded at once (docs/decisions/0012-bulk-actions-select-the-filter.md).
 */
export function EquipmentExclusionsScreen() {
  const exclusions = useEquipmentExclusions();
  const urlState = useUrlTableState({ sortable: sortableEquipmentExclusionColumns });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const columnSettings = useGridColumnSettings('equipment-exclusions');
  const table = useDataTable({
    columns: equipmentExclusionColumns,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    columnSettings,
    data: exclusions.data ?? noRows,
    getRowId: (row) => String(row.id),
    urlState,
  });
  const count = exclusions.data?.length;

  return (
    <section className="screen exclusions-screen" aria-labelledby="screen-title">
      <ExclusionsSubNav />
      <h1 id="screen-title" className="screen__title">
        Equipment exclusions
      </h1>
      <DataTable
        table={table}
        views={<SavedViewsMenu grid="equipment-exclusions" table={table} urlState={urlState} />}
        caption="Excluded equipment"
        filterLabel="Filter exclusions"
        loading={exclusions.isPending}
        error={
          exclusions.isError && !exclusions.data ? (
            <FetchFailure
              message={exclusionTexts.fetchFailed}
              retrying={exclusions.isFetching}
              retryLabel={exclusions.isFetching ? 'Retrying…' : 'Try again'}
              onRetry={() => void exclusions.refetch()}
              announce={false}
            />
          ) : undefined
        }
        emptyText={urlState.globalFilter ? equipmentExclusionTexts.noMatch : equipmentExclusionTexts.empty}
        summary={
          <ExclusionListSelection
            target="models"
            noun={noun}
            table={table}
            rows={exclusions.data ?? noRows}
            rowSelection={rowSelection}
            clearRows={() => setRowSelection({})}
            summary={count === undefined ? undefined : `${count.toLocaleString('en-US')} excluded ${count === 1 ? 'model' : 'models'}`}
          />
        }
        virtualize
        estimateRowHeight={56}
        actions={
          <>
            <ImportExclusionsButton />
            <ExportMenu
              table={table}
              exportable={equipmentExclusionExportColumns}
              disabled={count === 0}
              download={(columns) => exportEquipmentExclusions(urlState.params, columns)}
            />
          </>
        }
      />
    </section>
  );
}
