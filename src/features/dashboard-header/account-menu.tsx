import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { logout, useUser } from '../../api/auth';
import { endSession } from '../../auth/sign-out';
import { MenuContent, MenuItem, MenuLabel, MenuSeparator } from '../../ui/menu';
import { usePurchaseDialog } from '../../store/purchase-dialog';

// The theme's choices and the purchase dialog come on chunks of their own, fetched as the dashboard renders this
// menu: the login route, whose entry chunk holds this file, carries neither (the login route's JavaScript budget, docs/figures.md).
const loadThemeMenu = () => import('../../theme/theme-menu');
const ThemeMenu = lazy(loadThemeMenu);
const PurchaseTokensDialog = lazy(() => import('./purchase-tokens-dialog').then((m) => ({ default: m.PurchaseTokensDialog })));

type MenuControl = { open: boolean; onOpenChange: (open: boolean) => void; onCloseAutoFocus: (event: Event) => void };

function initials(name: string | undefined): string {
  if (!name) return '?';
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/**
 * The avatar menu (docs/product.md#dashboard-header): Purchase Tokens (a dialog), Payment Methods (/dashboard/payment-methods),
 * Help (/dashboard/help, the operator guide), the theme and Logout (POST /logout, then the stored session and the query
 * cache are cleared and the operator goes to /login; the local sign-out happens even when the server cannot be
 * reached).
 */
export function AccountMenu({ menu }: { menu: MenuControl }) {
  const user = useUser();
  const router = useRouter();
  const queryClient = useQueryClient();
  const purchaseOpen = usePurchaseDialog((state) => state.open);
  const setPurchaseOpen = usePurchaseDialog((state) => state.setOpen);
  const [signingOut, setSigningOut] = useState(false);
  // The menu opens once the theme's choices are in (at once, after the first load): a keyboard walk of a menu opened
  // earlier would pass their place before they came.
  const [themeLoaded, setThemeLoaded] = useState(false);
  useEffect(() => void loadThemeMenu().finally(() => setThemeLoaded(true)), []);
  const onOpenChange = (open: boolean) => {
    if (open && !themeLoaded) void loadThemeMenu().finally(() => menu.onOpenChange(true));
    else menu.onOpenChange(open);
  };
  const triggerRef = useRef<HTMLButtonElement>(null);

  async function signOut() {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await logout();
    } catch {
      // The token is forgotten below either way; the server expires it.
    }
    await endSession(router, queryClient);
  }

  const name = user.data?.name;
  return (
    <>
      <DropdownMenu.Root modal={false} open={menu.open} onOpenChange={onOpenChange}>
        <DropdownMenu.Trigger ref={triggerRef} className="avatar-button" aria-label="Account menu">
          <span className="avatar" aria-hidden="true">
            {initials(name)}
          </span>
        </DropdownMenu.Trigger>
        <MenuContent align="end" onCloseAutoFocus={menu.onCloseAutoFocus}>
          {user.data ? (
            <MenuLabel>
              <span className="menu__title">{user.data.name}</span>
              <span className="menu__subtitle">{user.data.email}</span>
            </MenuLabel>
          ) : null}
          {user.data ? <MenuSeparator /> : null}
          <MenuItem onSelect={() => setPurchaseOpen(true)}>Purchase Tokens</MenuItem>
          <MenuItem asChild>
            <Link to="/dashboard/payment-methods">Payment Methods</Link>
          </MenuItem>
          <MenuItem asChild>
            <Link to="/dashboard/help">Help</Link>
          </MenuItem>
          <MenuSeparator />
          <Suspense fallback={null}>
            <ThemeMenu />
          </Suspense>
          <MenuSeparator />
          <MenuItem
            disabled={signingOut}
            onSelect={(event) => {
              event.preventDefault(); // keep the menu while signing out; the page changes anyway
              void signOut();
            }}
          >
            {signingOut ? 'Logging out...' : 'Logout'}
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Root>
      <Suspense fallback={null}>
        <PurchaseTokensDialog open={purchaseOpen} onOpenChange={setPurchaseOpen} returnFocusTo={triggerRef} />
      </Suspense>
    </>
  );
}
