import { useId, useState } from 'react';
import type { PaymentMethod } from '../../../contract/payment-methods';
import {
  cardBrandName,
  describeCard,
  formatExpiry,
  paymentMethodTexts,
  useRemovePaymentMethod,
  useSwitchDefaultPaymentMethod,
} from '../../api/payment-methods';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';

/**
 * One saved card. A non-default card offers 'Set as Default' and 'Remove'; removing asks first (docs/product.md#payment-methods-screen). Both
 * buttons are described by the card they act on, so "Remove" is never ambiguous to a screen reader.
 */
export function PaymentMethodItem({ method, isDefault }: { method: PaymentMethod; isDefault: boolean }) {
  const remove = useRemovePaymentMethod();
  const switchDefault = useSwitchDefaultPaymentMethod();
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const busy = remove.isPending || switchDefault.isPending;
  const { card } = method;

  function makeDefault() {
    switchDefault.mutate(method.id, {
      onSuccess: () => toast.success(paymentMethodTexts.defaultUpdated),
      onError: (error) => {
        console.error('Switching the default payment method failed.', error);
        toast.error(paymentMethodTexts.defaultFailed);
      },
    });
  }

  function confirmRemoval() {
    remove.mutate(method.id, {
      onSuccess: () => toast.success(paymentMethodTexts.removed),
      onError: (error) => {
        console.error('Removing a payment method failed.', error);
        toast.error(paymentMethodTexts.removeFailed);
      },
    });
  }

  return (
    <li className={isDefault ? 'saved-card saved-card--default' : 'saved-card'}>
      <div className="saved-card__details" id={labelId}>
        <span className="saved-card__brand">{cardBrandName(card.brand)}</span>
        <span className="saved-card__number">
          <span aria-hidden="true">•••• </span>
          <span className="sr-only">ending in </span>
          {card.last4}
        </span>
        <span className="saved-card__expiry">Expires {formatExpiry(card.exp_month, card.exp_year)}</span>
      </div>
      {isDefault ? (
        <span className="saved-card__default">Default Payment Method</span>
      ) : (
        <div className="saved-card__actions">
          <Button aria-describedby={labelId} disabled={busy} pending={switchDefault.isPending} onClick={makeDefault}>
            Set as Default
          </Button>
          <Button
            variant="danger"
            aria-describedby={labelId}
            disabled={busy}
            pending={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            Remove
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={paymentMethodTexts.confirmRemove}
        description={`${describeCard(card)}, expiring ${formatExpiry(card.exp_month, card.exp_year)}.`}
        confirmLabel="Remove"
        destructive
        onConfirm={confirmRemoval}
      />
    </li>
  );
}
