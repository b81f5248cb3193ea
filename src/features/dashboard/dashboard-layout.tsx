import { Outlet } from '@tanstack/react-router';
import { TooltipProvider } from '../../ui/tooltip';
import { DashboardHeader } from '../dashboard-header';
import { CostConfirmDialog, useHeaderRegenerate } from '../generation';
import { useHeaderHistory } from '../history';
import { useReconcileSelection } from './use-reconcile-selection';
import { useScreenTypeFromRoute } from './use-screen-type';

/** The /dashboard layout (SPEC 2): the header above every dashboard screen. */
export function DashboardLayout() {
  useReconcileSelection();
  useScreenTypeFromRoute();
  const history = useHeaderHistory();
  const regenerate = useHeaderRegenerate();
  return (
    <TooltipProvider>
      <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <DashboardHeader actions={{ onHistory: history.open, onRegenerate: regenerate.regenerate, regenerating: regenerate.running }} />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {history.dialog}
      <CostConfirmDialog />
      </div>
    </TooltipProvider>
  );
}
