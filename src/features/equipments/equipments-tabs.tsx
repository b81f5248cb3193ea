import { Link } from '@tanstack/react-router';

/** The Equipments screen's tab bar (docs/product.md#equipments-screen): Exclusions and All Equipments, as navigation links. */
export function EquipmentsTabs() {
  return (
    <nav className="equipments-tabs" aria-label="Equipments sections">
      <Link
        to="/dashboard/equipments/exclusions"
        className="equipments-tabs__tab"
        activeOptions={{ exact: false }}
        activeProps={{ className: 'equipments-tabs__tab equipments-tabs__tab--active', 'aria-current': 'page' }}
      >
        Exclusions
      </Link>
      <Link
        to="/dashboard/equipments"
        className="equipments-tabs__tab"
        activeOptions={{ exact: true, includeSearch: false }}
        activeProps={{ className: 'equipments-tabs__tab equipments-tabs__tab--active', 'aria-current': 'page' }}
      >
        All Equipments
      </Link>
    </nav>
  );
}
