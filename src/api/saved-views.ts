import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedViewsApi, type CreateSavedViewBody, type UpdateSavedViewBody, type ViewGridName } from '../../contract/saved-views';
import { call } from './http';
import { keys } from './keys';
import { applyMutationStaleness } from './staleness';

/** GET /api/saved-views?grid=: the operator's saved views of one grid, by name (issue 14 point 3). */
export function useSavedViews(grid: ViewGridName) {
  return useQuery({
    queryKey: keys.savedViews.list(grid),
    queryFn: () => call(savedViewsApi.list, { query: { grid } }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/saved-views: saves the grid's current state under a name. */
export function useCreateSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedViewBody) => call(savedViewsApi.create, { body }),
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'savedViews.create', { sent, answer }),
  });
}

/** POST /api/saved-views/:id: renames a view (and/or replaces its state). */
export function useUpdateSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSavedViewBody }) => call(savedViewsApi.update, { params: { id }, body }),
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'savedViews.update', { sent, answer }),
  });
}

/** DELETE /api/saved-views/:id. */
export function useDeleteSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(savedViewsApi.remove, { params: { id } }),
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'savedViews.remove', { sent, answer }),
  });
}
