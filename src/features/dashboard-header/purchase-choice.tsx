import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { paymentMessages } from '../../../contract/payment-methods';
import { describeCard, usePaymentMethods } from '../../api/payment-methods';
import { formatPrice, formatTokens, tokenPackages, type TokenPackage } from '../../api/tokens';
import { paymentsConfigured } from '../../config/meta';
import type { PurchaseFailure } from './purchase-flow';

export const paymentsNotConfiguredText = paymentMessages.notConfigured;
/** docs/product.md#messages-and-errors. */
export const purchaseFailedText = 'Failed to purchase tokens. Please try again.';
/** After a failure that may have followed a charge: the retry re-sends the attempt's key. */
export const notChargedTwiceText = 'If your card was charged, trying again will not charge it twice.';

/**
 * The card a purchase charges: the default card, or why there is none (no card provider on this server: nothing is
 * asked; or no default card). The cards are asked only while the dialog is open.
 */
export function useChargedCard(open: boolean) {
  const configured = paymentsConfigured();
  const cards = usePaymentMethods({ enabled: open && configured });
  const defaultCard = cards.data?.methods.find((m) => m.id === cards.data?.defaultPaymentMethod);
  return { configured, defaultCard, noDefaultCard: cards.isSuccess && !defaultCard };
}

/**
 * The Purchase Tokens dialog's body (docs/product.md#purchase-tokens-dialog): the token packages with their prices,
 * the card that will be charged (or why none can be: no card provider on this server, no default card, with a link
 * to the Payment Methods screen), and the last purchase's failure.
 */
export function PurchaseChoice({
  chosen,
  onChoose,
  purchasing,
  card: { configured, defaultCard, noDefaultCard },
  failure,
  onLeave,
}: {
  chosen: TokenPackage['id'];
  onChoose: (id: TokenPackage['id']) => void;
  purchasing: boolean;
  card: ReturnType<typeof useChargedCard>;
  failure: PurchaseFailure | null;
  /** The link to the Payment Methods screen was followed: the dialog closes. */
  onLeave: () => void;
}) {
  return (
    <>
      <PackagePicker chosen={chosen} onChoose={onChoose} disabled={purchasing} />
      {!configured ? <p className="notice">{paymentsNotConfiguredText}</p> : null}
      {defaultCard ? <p className="notice">Charged to your default card: {describeCard(defaultCard.card)}.</p> : null}
      {noDefaultCard ? (
        <p className="notice">
          Add a card to purchase tokens:{' '}
          <Link to="/dashboard/payment-methods" onClick={onLeave}>
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
  );
}

/** The token packages of docs/product.md#constants, one radio each. */
function PackagePicker({
  chosen,
  onChoose,
  disabled,
}: {
  chosen: TokenPackage['id'];
  onChoose: (id: TokenPackage['id']) => void;
  disabled: boolean;
}) {
  const groupName = useId();
  return (
    <fieldset className="package-list" disabled={disabled}>
      <legend className="sr-only">Token package</legend>
      {tokenPackages.map((p) => (
        <label key={p.id} className="package">
          <input
            type="radio"
            name={groupName}
            value={p.id}
            checked={p.id === chosen}
            onChange={() => onChoose(p.id)}
            className="package__radio"
          />
          <span className="package__amount">{formatTokens(p.amount)} tokens</span>
          <span className="package__price">{formatPrice(p.priceCents)}</span>
        </label>
      ))}
    </fieldset>
  );
}
