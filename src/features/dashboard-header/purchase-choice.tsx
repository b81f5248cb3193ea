import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { describeCard, paymentMethodTexts, usePaymentMethods } from '../../api/payment-methods';
import { formatPrice, formatTokens, tokenPackages, type TokenPackage } from '../../api/tokens';
import type { PurchaseFailure } from './purchase-flow';

/** docs/product.md#messages-and-errors. */
export const purchaseFailedText = 'Failed to purchase tokens. Please try again.';
/** After a failure that may have followed a charge: the retry re-sends the attempt's key. */
export const notChargedTwiceText = 'If your card was charged, trying again will not charge it twice.';

/**
 * The card a purchase charges: the default card, or why there is none (no card provider on this server - the page's
 * meta tag says so and nothing is asked, or the server's answer does; or no default card). The cards are asked only
 * while the dialog is open, and once for the screen and the dialog (one cached query).
 */
export function useChargedCard(open: boolean) {
  const { query, configured, answer } = usePaymentMethods({ enabled: open });
  const defaultCard = answer?.methods.find((m) => m.id === answer.defaultPaymentMethod);
  return { configured, defaultCard, noDefaultCard: query.isSuccess && configured && !defaultCard };
}

/** No card provider on this server: said before any package is offered, with the next step for whoever runs it. */
export function PaymentsOffNotice() {
  return (
    <p className="notice">
      {paymentMethodTexts.notConfigured} {paymentMethodTexts.notConfiguredNextStep}
    </p>
  );
}

/**
 * The Purchase Tokens dialog's body (docs/product.md#purchase-tokens-dialog): the token packages with their prices,
 * the card that will be charged (or why none can be: no default card, with a link to the Payment Methods screen),
 * and the last purchase's failure.
 */
export function PurchaseChoice({
  chosen,
  onChoose,
  purchasing,
  card: { defaultCard, noDefaultCard },
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
