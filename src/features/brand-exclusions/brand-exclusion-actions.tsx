import { DropdownMenu } from 'radix-ui';
import type { Brand } from '../../../contract/brands';
import { exclusionErrorText, useUnexcludeBrand } from '../../api/exclusions';
import { buttonClass } from '../../ui/button';
import { MenuContent, MenuItem } from '../../ui/menu';
import { toast } from '../../ui/toast';
import { useExclusionToast } from '../exclusion-undo';
import { brandExclusionTexts } from './error-text';

/**
 * The row's Actions (docs/product.md#brand-exclusions): Edit, Add to Exclusion and Remove from Exclusion, of which only removal is wired.
 * The other two stay in the menu, disabled, each saying why (radix skips disabled items when moving by keyboard
 * and announces them as disabled).
 */
export function BrandExclusionActions({ brand }: { brand: Pick<Brand, 'id' | 'name'> }) {
  const unexclude = useUnexcludeBrand();
  const showOutcome = useExclusionToast();
  const remove = () =>
    unexclude.mutate(brand.id, {
      onSuccess: (answer) => showOutcome(answer.message, answer.undo),
      onError: (error) => toast.error(exclusionErrorText(error, brandExclusionTexts.removalFailed)),
    });

  return (
    // Not modal: a row menu need not hide the rest of the page from assistive technology (focus still moves in).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={buttonClass({ variant: 'secondary', size: 'compact' })}
        aria-label={`Actions for ${brand.name}`}
        disabled={unexclude.isPending}
      >
        Actions <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        <MenuItem disabled>
          <span className="menu__label-stack">
            <span>Edit</span>
            <span className="menu__hint">Not available yet</span>
          </span>
        </MenuItem>
        <MenuItem disabled>
          <span className="menu__label-stack">
            <span>Add to Exclusion</span>
            <span className="menu__hint">Already excluded</span>
          </span>
        </MenuItem>
        <MenuItem onSelect={remove}>Remove from Exclusion</MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
