import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCategories } from '../../api/categories';
import { LiveIndicator } from '../../realtime/live-indicator';
import { selectCategory, useSelection, type SelectionIds } from '../../store/selection';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useExclusiveMenus } from '../../ui/use-exclusive-menus';
import { AccountMenu } from './account-menu';
import { DemoGeneratorBadge } from './demo-generator-badge';
import { GeneratingIndicator } from './generating-indicator';
import { HeaderOverflowMenu } from './header-overflow-menu';
import { categoryMenuState, countLabel, headerTarget, subcategoryMenuState, targetSummary, type HeaderTarget } from './header-model';
import { CategoryMenu, SubcategoryMenu } from './selection-menus';
import { TokenBalance } from './token-balance';
import { TypeSwitcher } from './type-switcher';
import './dashboard-header.css';

/** While its request runs, Regenerate keeps a label beside its spinner (docs/product.md#dashboard-header). */
const regeneratingButton = (
  <Button
    variant="primary"
    pending
    pendingLabel={
      <>
        <span className="spinner spinner--sm spinner--current" aria-hidden="true" /> Generating…
      </>
    }
  >
    Regenerate
  </Button>
);

export type HeaderMenuId = 'category' | 'subcategory' | 'more' | 'account';

export interface HeaderActions {
  /** History of the selected category's events (Events) or subcategory's brands (Equipments). */
  onHistory?: (target: HeaderTarget) => void;
  /** Regenerate the selected category's events (Events) or subcategory's brands (Equipments). */
  onRegenerate?: (target: HeaderTarget) => void;
  /** A Regenerate request is running: the button is a spinner until it answers (docs/product.md#statuses). */
  regenerating?: boolean;
  /** From the first click on (the cost is being asked): a second click is ignored, the button says so. */
  regenerateBusy?: boolean;
}

/** The selection the header shows, and where the operator's choice goes (src/features/dashboard/screen-selection.ts). */
export interface HeaderSelection extends SelectionIds {
  onChoose: (ids: SelectionIds) => void;
}

/**
 * The dashboard header (docs/product.md#dashboard-header), on every dashboard page: type switcher, category and subcategory dropdowns, the
 * selection's count badge (or a spinner while it is generating), History and Regenerate, the token balance and the
 * avatar menu. Only one of its dropdowns is open at a time. It stays one row from 1024 px up (dashboard-header.css): what does
 * not fit takes a compact form, or folds into the "More" menu (the type switcher and History, below 1280 px).
 *
 * History and Regenerate act on the selection (`HeaderTarget`) through `actions` (the dashboard layout passes the
 * History dialog and the generate calls); they are enabled whenever there is a selection to act on.
 */
export function DashboardHeader({
  actions = {},
  navigationToggle,
  selection,
}: {
  actions?: HeaderActions;
  navigationToggle?: ReactNode;
  selection: HeaderSelection;
}) {
  const categoriesQuery = useCategories();
  const type = useSelection((s) => s.selectedType);
  const { menu } = useExclusiveMenus<HeaderMenuId>();

  const categoryState = categoryMenuState(categoriesQuery, selection.categoryId);
  const category = categoryState.kind === 'ready' ? categoryState.selected : undefined;
  const subcategoryState = subcategoryMenuState(type, category, selection.subcategoryId);
  const subcategory = subcategoryState.kind === 'ready' ? subcategoryState.selected : undefined;
  const target = headerTarget(type, category, subcategory);
  const summary = target ? targetSummary(target) : null;

  return (
    <header className="app-header">
      <div className="app-header__row">
        {navigationToggle}
        <Link to="/dashboard" className="app-header__brand" aria-label="Catalogue dashboard home">
          <span className="brand-mark" aria-hidden="true">
            CD
          </span>
        </Link>
        <TypeSwitcher />
        <div className="app-header__selection" role="group" aria-label="Selection">
          <CategoryMenu
            state={categoryState}
            menu={menu('category')}
            onRetry={() => void categoriesQuery.refetch()}
            onSelect={(chosen) => selection.onChoose(selectCategory(chosen))}
          />
          <SubcategoryMenu
            state={subcategoryState}
            menu={menu('subcategory')}
            onSelect={(chosen) => selection.onChoose({ categoryId: chosen.category_id, subcategoryId: chosen.id })}
          />
          {summary ? (
            summary.inProgress ? (
              <Spinner label="Generating" />
            ) : (
              <span className="count-badge">{countLabel(summary)}</span>
            )
          ) : null}
        </div>
        <div className="app-header__actions">
          <Button className="app-header__history" disabled={!target} onClick={() => target && actions.onHistory?.(target)}>
            History
          </Button>
          {summary?.inProgress ? null : actions.regenerating ? (
            regeneratingButton
          ) : (
            <Button
              variant="primary"
              disabled={!target}
              aria-disabled={actions.regenerateBusy || undefined}
              onClick={() => target && actions.onRegenerate?.(target)}
            >
              Regenerate
            </Button>
          )}
          <HeaderOverflowMenu menu={menu('more')} onHistory={target ? () => actions.onHistory?.(target) : undefined} />
        </div>
        <div className="app-header__account">
          <LiveIndicator />
          <GeneratingIndicator />
          <DemoGeneratorBadge />
          <TokenBalance />
          <AccountMenu menu={menu('account')} />
        </div>
      </div>
    </header>
  );
}
