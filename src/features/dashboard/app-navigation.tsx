import { Link, type LinkProps } from '@tanstack/react-router';
import { useNavigation } from '../../store/navigation';
import { UnreviewedCount } from '../review';
import './app-navigation.css';

interface NavigationItem {
  to: LinkProps['to'];
  label: string;
  /** The link's accessible name where the visible label leans on its section's title. */
  name?: string;
  /** Marked current only on its own path, not on the screens below it (Brands is not current on its exclusions). */
  exact?: boolean;
  /** Shows the live count of new results beside the label (the review queue). */
  unreviewedCount?: boolean;
}

/** Every dashboard screen, grouped as an operator thinks of them. */
export const navigationSections: readonly { title: string; items: readonly NavigationItem[] }[] = [
  {
    title: 'Catalogue',
    items: [
      { to: '/dashboard', label: 'Home', exact: true },
      { to: '/dashboard/brands', label: 'Brands', exact: true },
      { to: '/dashboard/equipments', label: 'Equipments', exact: true },
      { to: '/dashboard/events', label: 'Events' },
    ],
  },
  {
    title: 'Exclusions',
    items: [
      { to: '/dashboard/equipments/exclusions', label: 'Equipments', name: 'Equipment exclusions', exact: true },
      { to: '/dashboard/equipments/exclusions/brands', label: 'Brands', name: 'Brand exclusions' },
      { to: '/dashboard/brands/exclusions', label: 'Brands (logos)', name: 'Brand exclusions (logos)' },
    ],
  },
  {
    title: 'Review',
    items: [{ to: '/dashboard/review', label: 'Review', unreviewedCount: true }],
  },
  {
    title: 'Tokens',
    items: [
      { to: '/dashboard/runs', label: 'Runs' },
      { to: '/dashboard/transactions', label: 'Transactions' },
      { to: '/dashboard/payment-methods', label: 'Payment Methods' },
    ],
  },
];

export const navigationId = 'app-navigation';

/**
 * The dashboard's left navigation (docs/product.md#left-navigation): every screen, the current one marked (the router sets
 * aria-current="page"). Folded away or shown by the header's menu button; the choice is remembered.
 */
export function AppNavigation() {
  const open = useNavigation((state) => state.open);
  if (!open) return null;
  return (
    <nav id={navigationId} className="app-nav" aria-label="Main">
      {navigationSections.map((section) => (
        <div key={section.title} className="app-nav__section">
          <h2 className="app-nav__title">{section.title}</h2>
          <ul className="app-nav__list">
            {section.items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="app-nav__link"
                  aria-label={item.name}
                  activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
                >
                  {item.label}
                  {item.unreviewedCount ? <UnreviewedCount /> : null}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The header's button that shows or folds the navigation. */
export function NavigationToggle() {
  const open = useNavigation((state) => state.open);
  const toggle = useNavigation((state) => state.toggle);
  return (
    <button
      type="button"
      className="nav-toggle"
      aria-label="Navigation"
      aria-expanded={open}
      aria-controls={open ? navigationId : undefined}
      onClick={toggle}
    >
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <path d="M3 5h14M3 10h14M3 15h14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </button>
  );
}
