import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gridSettingsApi, type GridName, type GridSettings } from '../../contract/grid-settings';
import { call } from './http';
import { keys } from './keys';
import { applyMutationStaleness } from './staleness';

/** GET /api/grid-settings/:grid: the operator's columns of one grid (issue 13 point 3). */
export const gridSettingsQueryOptions = (grid: GridName) =>
  queryOptions({
    queryKey: keys.gridSettings(grid),
    queryFn: () => call(gridSettingsApi.show, { params: { grid } }),
    staleTime: 5 * 60_000,
  });

export function useGridSettings(grid: GridName | undefined) {
  return useQuery({ ...gridSettingsQueryOptions(grid ?? 'brands'), enabled: grid !== undefined });
}

/** POST /api/grid-settings/:grid (an empty list: Reset columns). */
export function useSaveGridSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ grid, settings }: { grid: GridName; settings: GridSettings }) => call(gridSettingsApi.update, { params: { grid }, body: settings }),
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'gridSettings.update', { sent, answer }),
  });
}
