import { Outlet } from '@tanstack/react-router';
import { TooltipProvider } from '../../ui/tooltip';
import { DashboardHeader } from '../dashboard-header';
import { CostConfirmDialog, useHeaderRegenerate } from '../generation';
import { useHeaderHistory } from '../history';
import { AppNavigation, NavigationToggle } from './app-navigation';
import { useSelectionInAddress } from './screen-selection';
import { useScreenTypeFromRoute } from './use-screen-type';

/** The /dashboard layout (docs/product.md#screens-and-routes): the header above every dashboard screen, the left navigation beside it (docs/product.md#left-navigation). */
export function DashboardLayout() {
  const selection = useSelectionInAddress();
  useScreenTypeFromRoute();
  const history = useHeaderHistory();
  const regenerate = useHeaderRegenerate();
  return (
    <TooltipProvider>
      <div className="app-shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <DashboardHeader
          navigationToggle={<NavigationToggle />}
          selection={{ ...selection.ids, onChoose: selection.choose }}
          actions={{
            onHistory: history.open,
            onRegenerate: regenerate.regenerate,
            regenerating: regenerate.running,
            regenerateBusy: regenerate.busy,
          }}
        />
        <div className="app-body">
          <AppNavigation />
          <main id="main" className="app-main" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
        {history.dialog}
        <CostConfirmDialog />
      </div>
    </TooltipProvider>
  );
}
