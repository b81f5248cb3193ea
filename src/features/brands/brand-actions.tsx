import { useRef } from 'react';
import type { Brand } from '../../../contract/brands';
import { IconButton } from '../../ui/button';
import { MenuItem } from '../../ui/menu';
import { RowMenu } from '../../ui/row-menu';
import { useBrandRow } from './brand-row-context';
import { brandsTexts } from './brands-texts';

/**
 * The control that opened the brand's history, for the dialog to give the focus back to. One history dialog is open
 * at a time.
 */
export const historyOpener: { current: HTMLElement | null } = { current: null };

/**
 * A brand row's actions (docs/product.md#brands-screen): its history icon (the original's one action), and the Actions
 * menu every grid has, to add the brand to or remove it from the exclusion list (disabled while that change is on
 * its way).
 */
export function BrandActions({ brand }: { brand: Brand }) {
  const { openHistory, exclude, unexclude, exclusionPending } = useBrandRow();
  const busy = exclusionPending(brand.id);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <div className="brands__actions">
      <IconButton
        className="brands__icon"
        label={`History of ${brand.name}`}
        icon={<HistoryIcon />}
        onClick={(event) => {
          historyOpener.current = event.currentTarget;
          openHistory(brand);
        }}
      />
      <RowMenu label={`Actions for ${brand.name}`} triggerRef={trigger}>
        {brand.excluded ? (
          <MenuItem disabled={busy} onSelect={() => unexclude(brand)}>
            {brandsTexts.removeFromExclusion}
          </MenuItem>
        ) : (
          <MenuItem disabled={busy} onSelect={() => exclude(brand)}>
            {brandsTexts.addToExclusion}
          </MenuItem>
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
