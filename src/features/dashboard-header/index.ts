/** What other features use of the dashboard header. */
export { DashboardHeader } from './dashboard-header';
export type { HeaderTarget } from './header-model';
export { usePurchaseDialog } from './purchase-dialog-store';
