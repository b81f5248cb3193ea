import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewApi, type OverviewAnswer } from '../../contract/overview';
import { call } from './http';
import { keys } from './keys';

/** GET /api/overview (extension): the dashboard home's balance, status counts and latest runs. */
export function getOverview(): Promise<OverviewAnswer> {
  return call(overviewApi.show);
}

export const overviewQueryOptions = () => queryOptions({ queryKey: keys.overview(), queryFn: getOverview });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
