import { createFileRoute } from '@tanstack/react-router';
import { runsListOptions } from '../api/runs';
import { appQueryClient } from '../api/query-client';
import { RunsScreen } from '../features/runs/runs-screen';
import { queryOfRunsSearch, runsSearchSchema } from '../features/runs/runs-search';

export const Route = createFileRoute('/dashboard/runs')({
  // The filters and one run (?run=, a link from a charge); the list's first page is asked before the screen shows.
  validateSearch: runsSearchSchema,
  loaderDeps: ({ search }) => queryOfRunsSearch(search),
  loader: ({ deps }) => void appQueryClient().prefetchInfiniteQuery(runsListOptions(deps)),
  component: RunsScreen,
});
