import { queryOptions, useQuery } from '@tanstack/react-query';
import { preferencesApi, type Preferences } from '../../contract/preferences';
import { useEndpointMutation } from './endpoint-mutation';
import { call } from './http';
import { keys } from './keys';

/** GET /api/preferences: the operator's settings kept on the server (the cost confirmation's threshold). */
export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: keys.preferences(), queryFn: () => call(preferencesApi.show), staleTime: 5 * 60_000 });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

/** POST /api/preferences */
export function useUpdatePreferences() {
  return useEndpointMutation(preferencesApi.update, { input: (body: Preferences) => ({ body }) });
}
