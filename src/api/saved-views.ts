import { useQuery } from '@tanstack/react-query';
import { savedViewsApi, type CreateSavedViewBody, type UpdateSavedViewBody, type ViewGridName } from '../../contract/saved-views';
import { useEndpointMutation } from './endpoint-mutation';
import { call } from './http';
import { keys } from './keys';

/** GET /api/saved-views?grid=: the operator's saved views of one grid, by name (docs/decisions/0010-saved-views.md). */
export function useSavedViews(grid: ViewGridName) {
  return useQuery({
    queryKey: keys.savedViews.list(grid),
    queryFn: () => call(savedViewsApi.list, { query: { grid } }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/saved-views: saves the grid's current state under a name. */
export function useCreateSavedView() {
  return useEndpointMutation(savedViewsApi.create, { input: (body: CreateSavedViewBody) => ({ body }) });
}

/** POST /api/saved-views/:id: renames a view (and/or replaces its state). */
export function useUpdateSavedView() {
  return useEndpointMutation(savedViewsApi.update, {
    input: ({ id, body }: { id: number; body: UpdateSavedViewBody }) => ({ params: { id }, body }),
  });
}

/** DELETE /api/saved-views/:id. */
export function useDeleteSavedView() {
  return useEndpointMutation(savedViewsApi.remove, { input: (id: number) => ({ params: { id } }) });
}
