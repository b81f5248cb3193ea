import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { gridSettingsApi, type GridColumnSetting, type GridName, type GridSettings } from '../../contract/grid-settings';
import { useEndpointMutation } from './endpoint-mutation';
import { call } from './http';
import { keys } from './keys';

/** GET /api/grid-settings/:grid: the operator's columns of one grid (docs/product.md#grids). */
export const gridSettingsQueryOptions = (grid: GridName) =>
  queryOptions({
    queryKey: keys.gridSettings(grid),
    queryFn: () => call(gridSettingsApi.show, { params: { grid } }),
    staleTime: 5 * 60_000,
  });

function useGridSettings(grid: GridName) {
  return useQuery(gridSettingsQueryOptions(grid));
}

/** POST /api/grid-settings/:grid (an empty list: Reset columns). */
function useSaveGridSettings() {
  return useEndpointMutation(gridSettingsApi.update, {
    input: ({ grid, settings }: { grid: GridName; settings: GridSettings }) => ({ params: { grid }, body: settings }),
  });
}

/**
 * The operator's columns of one grid as `useDataTable({ columnSettings })` (src/ui/data-table) takes them: stored
 * on the server, so every browser they sign in to shows the same grid. `save` keeps its identity while `grid` does.
 */
export function useGridColumnSettings(grid: GridName) {
  const stored = useGridSettings(grid).data?.columns;
  const { mutate } = useSaveGridSettings();
  const save = useCallback((columns: GridColumnSetting[]) => mutate({ grid, settings: { columns } }), [grid, mutate]);
  return useMemo(() => ({ stored, save }), [stored, save]);
}
