import type { Brand } from '../../../contract/brands';
import { IconButton } from '../../ui/button';
import { MenuItem } from '../../ui/menu';
import { RowMenu } from '../../ui/row-menu';
import { useBrandRow } from './brand-row-context';
import { brandsTexts } from './brands-texts';

/** A brand row's actions: its history (icon button) and a menu to add it to or remove it from the exclusion list. */
export function BrandActions({ brand }: { brand: Brand }) {
  const { openHistory, exclude, unexclude, exclusionPending } = useBrandRow();
  const busy = exclusionPending(brand.id);

  return (
    <div className="brands__actions">
      <IconButton className="brands__icon" label={`History of ${brand.name}`} icon={<HistoryIcon />} onClick={() => openHistory(brand)} />
      <RowMenu
        className="icon-button brands__icon"
        label={`More actions for ${brand.name}`}
        disabled={busy}
        trigger={<span aria-hidden="true">⋯</span>}
      >
        {brand.excluded ? (
          <MenuItem onSelect={() => unexclude(brand)}>{brandsTexts.removeFromExclusion}</MenuItem>
        ) : (
          <MenuItem onSelect={() => exclude(brand)}>{brandsTexts.addToExclusion}</MenuItem>
        )}
      </RowMenu>
    </div>
  );
}

function HistoryIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <polyline points="3 4 3 9 8 9" />
      <polyline points="12 7 12 12 15 14" />
    </svg>
  );
}
