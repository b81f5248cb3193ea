import type { Subcategory } from '../../../contract/categories';
import { modelTypes } from '../../../contract/statuses';
import { generateBrandsFailedText, useGenerateBrands } from '../../api/brands';
import { errorMessage } from '../../api/http';
import { isInProgress, useStatuses } from '../../api/statuses';
import { Spinner } from '../../ui/spinner';
import { StatusBadge } from '../../ui/status-badge';
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
  const statusName = record?.name ?? subcategory.status;
  // While the cost is asked the button stays (the focus comes back to it), aria-disabled; a second click is ignored by
  // `spend` from the first click until the request has answered.
  const { spend, busy: spending, sending } = useSpend();
  const busy = isInProgress(statusName) || generate.isPending || sending;

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
    <div className="brands__empty">
      <p className="brands__empty-text">{brandsTexts.noBrands(subcategory.name)}</p>
      <div className="brands__empty-actions">
        {statusName ? (
          <StatusBadge name={statusName} message={record?.message} about={`Latest brand generation of ${subcategory.name}`} />
        ) : null}
        {busy ? (
          <Spinner label="Generating brands" />
        ) : (
          <button type="button" className="btn btn--primary" aria-disabled={spending || undefined} onClick={onGenerate}>
            {statusName ? brandsTexts.regenerate : brandsTexts.generate}
          </button>
        )}
      </div>
    </div>
  );
}
