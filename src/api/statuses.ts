import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusesAnswer, statusNames, type StatusRecord } from '../../contract/statuses';
import { getJson } from './http';
import { keys } from './keys';

/**
 * GET /api/statuses?per_brand=false: the current category and subcategory generation statuses (the realtime
 * `changeanystatus` invalidates it). The per-brand ones come scoped from GET /api/equipments/statuses.
 */
export async function getStatuses(): Promise<StatusRecord[]> {
  const answer = await getJson('/api/statuses', statusesAnswer, { searchParams: { per_brand: 'false' } });
  return answer.statuses;
}

/** SPEC 8: a failed statuses fetch is only logged (query-client) and the list stays empty or unchanged. */
export const statusesQueryOptions = () => queryOptions({ queryKey: keys.statuses.list(), queryFn: getStatuses });

export function useStatuses() {
  return useQuery(statusesQueryOptions());
}

export function isInProgress(name: string | null | undefined): boolean {
  return name === statusNames.inProgress;
}
