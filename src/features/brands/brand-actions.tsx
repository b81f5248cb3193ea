import { DropdownMenu } from 'radix-ui';
import type { Brand } from '../../../contract/brands';
import { useExcludeBrand, useUnexcludeBrand } from '../../api/exclusions';
import { serverMessage } from '../../api/http';
import { MenuContent, MenuItem } from '../../ui/menu';
import { toast } from '../../ui/toast';
import { useBrandRow } from './brand-row-context';
import { brandsTexts } from './brands-texts';

/** 'Error: ' plus the server's message (SPEC 8, exclusions), else the fallback. */
function exclusionFailure(error: unknown, fallback: string): string {
  const message = serverMessage(error);
  return message === undefined ? fallback : `Error: ${message}`;
}

/** A brand row's actions: its history (icon button) and a menu to add it to or remove it from the exclusion list. */
export function BrandActions({ brand }: { brand: Brand }) {
  const { openHistory, subcategoryId } = useBrandRow();
  const exclude = useExcludeBrand();
  const unexclude = useUnexcludeBrand();
  const busy = exclude.isPending || unexclude.isPending;

  const onExclude = () =>
    exclude.mutate(
      { name: brand.name, subcategory_id: subcategoryId },
      {
        onSuccess: (answer) => toast.success(answer.message || brandsTexts.brandExcluded(brand.name)),
        onError: (error) => toast.error(exclusionFailure(error, brandsTexts.exclusionAddFailed)),
      },
    );
  const onUnexclude = () =>
    unexclude.mutate(brand.id, {
      onSuccess: (answer) => toast.success(answer.message || brandsTexts.brandUnexcluded(brand.name)),
      onError: (error) => toast.error(exclusionFailure(error, brandsTexts.exclusionRemoveFailed)),
    });

  return (
    <div className="brands__actions">
      <button type="button" className="icon-button brands__icon" aria-label={`History of ${brand.name}`} onClick={() => openHistory(brand)}>
        <HistoryIcon />
      </button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="icon-button brands__icon" aria-label={`More actions for ${brand.name}`} disabled={busy}>
          <span aria-hidden="true">⋯</span>
        </DropdownMenu.Trigger>
        <MenuContent align="end">
          {brand.excluded ? (
            <MenuItem onSelect={onUnexclude}>{brandsTexts.removeFromExclusion}</MenuItem>
          ) : (
            <MenuItem onSelect={onExclude}>{brandsTexts.addToExclusion}</MenuItem>
          )}
        </MenuContent>
      </DropdownMenu.Root>
    </div>
  );
}

function HistoryIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <polyline points="3 4 3 9 8 9" />
      <polyline points="12 7 12 12 15 14" />
    </svg>
  );
}
