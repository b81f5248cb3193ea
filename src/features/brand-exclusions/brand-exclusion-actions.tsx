import type { Brand } from '../../../contract/brands';
import { exclusionErrorText, useUnexcludeBrand } from '../../api/exclusions';
import { MenuItem } from '../../ui/menu';
import { RowMenu } from '../../ui/row-menu';
import { toast } from '../../ui/toast';
import { useExclusionToast } from '../exclusion-undo';
import { brandExclusionTexts } from './error-text';

/**
 * The row's Actions (docs/product.md#brand-exclusions): Remove from Exclusion, the one action wired here. The spec's
 * Edit and Add to Exclusion could never be chosen on this list (nothing edits a brand here, and every row is
 * excluded already), so the menu does not offer them.
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
    <RowMenu label={`Actions for ${brand.name}`} disabled={unexclude.isPending}>
      <MenuItem onSelect={remove}>Remove from Exclusion</MenuItem>
    </RowMenu>
  );
}
