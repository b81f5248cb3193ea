import { createFileRoute } from '@tanstack/react-router';
import { runsQueryOptions } from '../api/runs';
import { appQueryClient } from '../api/query-client';
import { RunsScreen } from '../features/runs/runs-screen';
import { queryOfRunsSearch, runsSearchSchema } from '../features/runs/runs-search';

export const Route = createFileRoute('/dashboard/runs')({
  // The filters, one run (?run=, a link from a charge) and the page.
  validateSearch: runsSearchSchema,
  loaderDeps: ({ search }) => queryOfRunsSearch(search),
  loader: ({ deps }) => void appQueryClient().prefetchQuery(runsQueryOptions(deps)),
  component: RunsScreen,
});
