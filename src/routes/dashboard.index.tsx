import { createFileRoute } from '@tanstack/react-router';
import { overviewQueryOptions } from '../api/overview';
import { appQueryClient } from '../api/query-client';
import { DashboardHome } from '../features/dashboard-home/dashboard-home';

export const Route = createFileRoute('/dashboard/')({
  loader: () => {
    const queryClient = appQueryClient();
    void queryClient.prefetchQuery(overviewQueryOptions());
  },
  component: DashboardHome,
});
