import { useId, useState, type RefObject } from 'react';
import { errorMessage } from '../../api/http';
import { formatPrice, formatTokens, tokenPackages, usePurchaseTokens, type TokenPackage } from '../../api/tokens';
import { paymentsConfigured } from '../../config/meta';
import { Modal } from '../../ui/dialog';
import { toast } from '../../ui/toast';

export const paymentsNotConfiguredText = 'Payments are not configured on this server.';
/** SPEC 8 "Token purchase failure". */
export const purchaseFailedText = 'Failed to purchase tokens. Please try again.';

/**
 * SPEC 2 "Purchase Tokens modal": the token packages of SPEC 9 with their prices. Purchasing charges the operator's
 * default card on the server (POST /api/purchase-tokens); without a card provider on this server the page says so
 * and the purchase button stays disabled.
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
  const [chosen, setChosen] = useState<TokenPackage['id']>(tokenPackages[0].id);
  const [failure, setFailure] = useState<string | null>(null);
  const groupName = useId();
  const pkg = tokenPackages.find((p) => p.id === chosen) ?? tokenPackages[0];

  function close(next: boolean) {
    if (!next) {
      setFailure(null);
      purchase.reset();
    }
    onOpenChange(next);
  }

  function buy() {
    setFailure(null);
    purchase.mutate(pkg, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        close(false);
      },
      onError: (error) => setFailure(errorMessage(error, purchaseFailedText)),
    });
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
            disabled={!configured || purchase.isPending}
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
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
    </Modal>
  );
}
