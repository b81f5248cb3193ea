/** What other features use of the dashboard header. */
export { DashboardHeader } from './dashboard-header';
