import { useCallback, useState } from 'react';
import type { Brand } from '../../../contract/brands';
import { exclusionErrorText, useExcludeBrand, useUnexcludeBrand } from '../../api/exclusions';
import { toast } from '../../ui/toast';
import { useExclusionToast } from '../exclusion-undo';
import { brandsTexts } from './brands-texts';

/**
 * The brands grid's exclusion actions, one pair of mutations for every row. Each call settles with its own toast
 * (mutateAsync: a second brand's call does not swallow the first one's), with Undo, and the brand is marked pending
 * meanwhile.
 */
export function useBrandExclusionActions(subcategoryId: number) {
  const excludeMutation = useExcludeBrand();
  const unexcludeMutation = useUnexcludeBrand();
  const showOutcome = useExclusionToast();
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());

  const track = useCallback((brandId: number, change: Promise<unknown>) => {
    setPending((ids) => new Set(ids).add(brandId));
    void change.finally(() =>
      setPending((ids) => {
        const next = new Set(ids);
        next.delete(brandId);
        return next;
      }),
    );
  }, []);

  const { mutateAsync: excludeAsync } = excludeMutation;
  const { mutateAsync: unexcludeAsync } = unexcludeMutation;

  const exclude = useCallback(
    (brand: Brand) =>
      track(
        brand.id,
        excludeAsync({ name: brand.name, subcategory_id: subcategoryId }).then(
          (answer) => showOutcome(answer.message || brandsTexts.brandExcluded(brand.name), answer.undo),
          (error: unknown) => toast.error(exclusionErrorText(error, brandsTexts.exclusionAddFailed)),
        ),
      ),
    [excludeAsync, subcategoryId, track, showOutcome],
  );

  const unexclude = useCallback(
    (brand: Brand) =>
      track(
        brand.id,
        unexcludeAsync(brand.id).then(
          (answer) => showOutcome(answer.message || brandsTexts.brandUnexcluded(brand.name), answer.undo),
          (error: unknown) => toast.error(exclusionErrorText(error, brandsTexts.exclusionRemoveFailed)),
        ),
      ),
    [unexcludeAsync, track, showOutcome],
  );

  const isPending = useCallback((brandId: number) => pending.has(brandId), [pending]);
  return { exclude, unexclude, isPending };
}
