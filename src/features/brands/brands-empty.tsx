import type { Subcategory } from '../../../contract/categories';
import { modelTypes } from '../../../contract/statuses';
import { generateBrandsFailedText, useGenerateBrands } from '../../api/brands';
import { errorMessage } from '../../api/http';
import { isInProgress, useStatuses } from '../../api/statuses';
import { GenerateEmptyState } from '../../ui/empty-state';
import { toast } from '../../ui/toast';
import { brandsTexts } from './brands-texts';
import { useSpend } from '../generation';

/**
 * docs/product.md#brands-screen: a subcategory without brands: 'No brands available for {subcategory}.' with 'Generate Brands'; once a status
 * exists 'Regenerate Brands' and the status badge; a spinner instead while In Progress (and while the request runs,
 * so a second click is never sent).
 */
export function BrandsEmpty({ subcategory }: { subcategory: Subcategory }) {
  const statuses = useStatuses({ subcategory_id: subcategory.id });
  const generate = useGenerateBrands();
  const record = statuses.data?.find(
    (s) => s.model_type === modelTypes.brand && s.subcategory_id === subcategory.id && s.brand_id === null,
  );
  const status = {
    name: record?.name ?? subcategory.status,
    message: record?.message,
    about: `Latest brand generation of ${subcategory.name}`,
  };
  const { spend, busy: asking, sending } = useSpend();
  const busy = isInProgress(status.name) || generate.isPending || sending;

  const onGenerate = () => {
    if (generate.isPending) return;
    void spend({ type: 'Brands', subcategory_id: subcategory.id }, `Generate the brands of ${subcategory.name}.`, () =>
      generate.mutateAsync(subcategory.id, {
        onSuccess: (answer) => (answer.success ? toast.success(answer.message) : toast.error(answer.message)),
        onError: (error) => toast.error(errorMessage(error, generateBrandsFailedText)),
      }),
    );
  };

  return (
    <GenerateEmptyState
      text={brandsTexts.noBrands(subcategory.name)}
      labels={brandsTexts.generateButton}
      status={status}
      busy={busy}
      asking={asking}
      onGenerate={onGenerate}
    />
  );
}
