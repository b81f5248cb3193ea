import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type RefObject } from 'react';
import { paymentMessages } from '../../../contract/payment-methods';
import { httpStatus, serverMessage } from '../../api/http';
import { describeCard, usePaymentMethods } from '../../api/payment-methods';
import { formatPrice, formatTokens, newPurchaseKey, tokenPackages, usePurchaseTokens, type TokenPackage } from '../../api/tokens';
import { paymentsConfigured } from '../../config/meta';
import { Modal } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import './purchase-tokens-dialog.css';

export const paymentsNotConfiguredText = paymentMessages.notConfigured;
/** SPEC 8 "Token purchase failure". */
export const purchaseFailedText = 'Failed to purchase tokens. Please try again.';

/**
 * SPEC 2 "Purchase Tokens modal": the token packages of SPEC 9 with their prices. Purchasing charges the operator's
 * default card on the server (POST /api/purchase-tokens); the new balance comes back in the answer (and through the
 * realtime `changetokens` event). Without a card provider on this server the dialog says so and the purchase button
 * stays disabled; without a default card it points to the Payment Methods screen.
 *
 * Each purchase attempt carries one idempotency key, kept until the server answers: a double click or a re-send
 * after a lost connection charges once.
 */
export function PurchaseTokensDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes on close (the dialog is opened from a menu item that no longer exists then). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const configured = paymentsConfigured();
  const purchase = usePurchaseTokens();
  const cards = usePaymentMethods({ enabled: open && configured });
  const [chosen, setChosen] = useState<TokenPackage['id']>(tokenPackages[0].id);
  const [failure, setFailure] = useState<{ detail?: string } | null>(null);
  const attemptKey = useRef<string | null>(null);
  const groupName = useId();
  const pkg = tokenPackages.find((p) => p.id === chosen) ?? tokenPackages[0];

  const defaultCard = cards.data?.methods.find((m) => m.id === cards.data?.defaultPaymentMethod);
  const noDefaultCard = cards.isSuccess && !defaultCard;

  function close(next: boolean) {
    if (!next) {
      setFailure(null);
      purchase.reset();
    }
    onOpenChange(next);
  }

  function buy() {
    if (purchase.isPending) return;
    setFailure(null);
    attemptKey.current ??= newPurchaseKey();
    purchase.mutate(
      { pkg, attemptKey: attemptKey.current },
      {
        onSuccess: (answer) => {
          attemptKey.current = null;
          toast.success(answer.message);
          close(false);
        },
        onError: (error) => {
          // An answered attempt is over; one that got no answer may have charged, so a retry re-sends its key.
          if (httpStatus(error) !== undefined) attemptKey.current = null;
          setFailure({ detail: serverMessage(error) });
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Purchase Tokens"
      returnFocusTo={returnFocusTo}
      description="Tokens pay for generating events, brands and equipment."
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={() => close(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!configured || noDefaultCard || purchase.isPending}
            aria-busy={purchase.isPending || undefined}
            onClick={buy}
          >
            {purchase.isPending ? 'Processing...' : `Purchase ${formatTokens(pkg.amount)} tokens for ${formatPrice(pkg.priceCents)}`}
          </button>
        </>
      }
    >
      <fieldset className="package-list" disabled={purchase.isPending}>
        <legend className="sr-only">Token package</legend>
        {tokenPackages.map((p) => (
          <label key={p.id} className="package">
            <input
              type="radio"
              name={groupName}
              value={p.id}
              checked={p.id === chosen}
              onChange={() => setChosen(p.id)}
              className="package__radio"
            />
            <span className="package__amount">{formatTokens(p.amount)} tokens</span>
            <span className="package__price">{formatPrice(p.priceCents)}</span>
          </label>
        ))}
      </fieldset>
      {!configured ? <p className="notice">{paymentsNotConfiguredText}</p> : null}
      {defaultCard ? <p className="notice">Charged to your default card: {describeCard(defaultCard.card)}.</p> : null}
      {noDefaultCard ? (
        <p className="notice">
          Add a card to purchase tokens:{' '}
          <Link to="/dashboard/payment-methods" onClick={() => close(false)}>
            Payment Methods
          </Link>
        </p>
      ) : null}
      {failure ? (
        <div className="form-error" role="alert">
          <p className="form-error__line">{purchaseFailedText}</p>
          {failure.detail ? <p className="form-error__line">{failure.detail}</p> : null}
        </div>
      ) : null}
    </Modal>
  );
}
