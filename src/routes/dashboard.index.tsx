import { createFileRoute } from '@tanstack/react-router';
import { overviewQueryOptions } from '../api/overview';
import { DashboardHome } from '../features/dashboard-home/dashboard-home';

export const Route = createFileRoute('/dashboard/')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(overviewQueryOptions());
  },
  component: DashboardHome,
});
