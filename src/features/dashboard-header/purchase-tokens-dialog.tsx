import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type RefObject } from 'react';
import { paymentMessages } from '../../../contract/payment-methods';
import { errorMessage, serverMessage } from '../../api/http';
import { describeCard, usePaymentMethods } from '../../api/payment-methods';
import {
  formatPrice,
  formatTokens,
  newPurchaseKey,
  purchaseFailureIsFinal,
  tokenPackages,
  useCheckPurchases,
  usePurchaseTokens,
  type TokenPackage,
} from '../../api/tokens';
import { paymentsConfigured } from '../../config/meta';
import { Modal } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import './purchase-tokens-dialog.css';

export const paymentsNotConfiguredText = paymentMessages.notConfigured;
/** docs/product.md#messages-and-errors. */
export const purchaseFailedText = 'Failed to purchase tokens. Please try again.';
const description = 'Tokens pay for generating events, brands and equipment.';
/** After a failure that may have followed a charge: the retry re-sends the attempt's key. */
export const notChargedTwiceText = 'If your card was charged, trying again will not charge it twice.';
export const checkFailedText = 'Failed to check the payment. Please try again.';

/**
 * docs/product.md#purchase-tokens-dialog: the token packages of docs/product.md#constants with their prices. Purchasing charges the operator's
 * default card on the server (POST /api/purchase-tokens); the new balance comes back in the answer (and through the
 * realtime `changetokens` event). Without a card provider on this server the dialog says so and the purchase button
 * stays disabled; without a default card it points to the Payment Methods screen.
 *
 * Each purchase attempt carries one idempotency key per package, kept until the server answers 2xx or a 4xx (which
 * says nothing was charged): a double click, or a retry after no answer or a 5xx that may have followed a charge,
 * charges once (docs/decisions/0020-purchases-that-are-never-lost.md). A 202 is a payment still processing: the
 * dialog says so and lets the operator check again, which asks the server to look for it at Stripe.
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
  const check = useCheckPurchases();
  const [failure, setFailure] = useState<{ detail?: string; mayHaveCharged: boolean } | null>(null);
  /** A payment still processing (202, or a check that found it so): its message, or why the check failed. */
  const [processing, setProcessing] = useState<{ message: string; checkFailed?: string } | null>(null);
  const attemptKeys = useRef(new Map<TokenPackage['id'], string>());
  const groupName = useId();
  const pkg = tokenPackages.find((p) => p.id === chosen) ?? tokenPackages[0];

  const defaultCard = cards.data?.methods.find((m) => m.id === cards.data?.defaultPaymentMethod);
  const noDefaultCard = cards.isSuccess && !defaultCard;

  function close(next: boolean) {
    if (!next) {
      setFailure(null);
      setProcessing(null);
      purchase.reset();
      check.reset();
    }
    onOpenChange(next);
  }

  function buy() {
    if (purchase.isPending) return;
    setFailure(null);
    const attemptKey = attemptKeys.current.get(pkg.id) ?? newPurchaseKey();
    attemptKeys.current.set(pkg.id, attemptKey);
    purchase.mutate(
      { pkg, attemptKey },
      {
        onSuccess: ({ answer, processing: stillProcessing }) => {
          attemptKeys.current.delete(pkg.id);
          if (stillProcessing) {
            setProcessing({ message: answer.message });
            return;
          }
          toast.success(answer.message);
          close(false);
        },
        onError: (error) => {
          const final = purchaseFailureIsFinal(error);
          if (final) attemptKeys.current.delete(pkg.id);
          setFailure({ detail: serverMessage(error), mayHaveCharged: !final });
        },
      },
    );
  }

  function checkAgain() {
    if (check.isPending) return;
    check.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.processing) {
          setProcessing({ message: answer.message });
          return;
        }
        toast.success(answer.message);
        close(false);
      },
      onError: (error) => setProcessing((shown) => ({ message: shown?.message ?? '', checkFailed: errorMessage(error, checkFailedText) })),
    });
  }

  // A payment still processing: the dialog tells it and offers to check again, in place of the packages.
  const processingFooter = (
    <>
      <button type="button" className="btn btn--secondary" onClick={() => close(false)}>
        Close
      </button>
      <button
        type="button"
        className="btn btn--primary"
        disabled={check.isPending}
        aria-busy={check.isPending || undefined}
        onClick={checkAgain}
      >
        {check.isPending ? 'Checking...' : 'Check again'}
      </button>
    </>
  );
  const processingBody = processing ? (
    <>
      <p className="notice" role="status">
        {processing.message}
      </p>
      {processing.checkFailed ? (
        <p className="form-error" role="alert">
          {processing.checkFailed}
        </p>
      ) : null}
    </>
  ) : null;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Purchase Tokens"
      returnFocusTo={returnFocusTo}
      description={description}
      footer={
        processing ? (
          processingFooter
        ) : (
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
        )
      }
    >
      {processingBody ?? (
        <>
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
              {failure.mayHaveCharged ? <p className="form-error__line">{notChargedTwiceText}</p> : null}
            </div>
          ) : null}
        </>
      )}
    </Modal>
  );
}
