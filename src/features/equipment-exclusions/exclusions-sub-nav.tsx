import { Link } from '@tanstack/react-router';
import './exclusions.css';

const activeOptions = { exact: true, includeSearch: false } as const;

/**
 * The sub-nav of the exclusion screens (docs/product.md#equipment-exclusions): equipment and brand exclusions. The router marks the current link
 * with aria-current="page". The brand exclusions route gets it from its route file (features do not import each
 * other).
 */
export function ExclusionsSubNav() {
  return (
    <nav className="exclusions-sub-nav" aria-label="Exclusions">
      <Link to="/dashboard/equipments/exclusions" className="exclusions-sub-nav__link" activeOptions={activeOptions}>
        Equipments Exclusions
      </Link>
      <Link to="/dashboard/equipments/exclusions/brands" className="exclusions-sub-nav__link" activeOptions={activeOptions}>
        Brands Exclusions
      </Link>
    </nav>
  );
}
