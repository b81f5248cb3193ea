import { useEffect } from 'react';
import { paymentMethodTexts, usePaymentMethods } from '../../api/payment-methods';
import { Spinner } from '../../ui/spinner';
import { defaultFirst } from './card-order';
import { PaymentMethodItem } from './payment-method-item';

/**
 * 'Your Payment Methods' (docs/product.md#payment-methods-screen): each card with its last 4 digits, expiry and the 'Default Payment Method'
 * marker. A failed fetch is logged and the list stays empty, or keeps what it showed (docs/product.md#messages-and-errors).
 */
export function PaymentMethodList() {
  const { query, answer: data } = usePaymentMethods();
  const failedAt = query.isError ? query.errorUpdatedAt : 0;

  useEffect(() => {
    if (failedAt) console.error('Failed to fetch payment methods.', query.error);
  }, [failedAt, query.error]);

  const methods = data ? defaultFirst(data.methods, data.defaultPaymentMethod) : [];
  return (
    <section className="payment-panel" aria-labelledby="saved-cards-title" aria-busy={query.isPending || undefined}>
      <h2 id="saved-cards-title" className="payment-panel__title">
        Your Payment Methods
      </h2>
      {query.isPending && !query.isError ? <Spinner label="Loading payment methods" /> : null}
      {data && methods.length === 0 ? <p className="saved-cards__empty">{paymentMethodTexts.empty}</p> : null}
      {methods.length > 0 ? (
        <ul className="saved-cards" aria-labelledby="saved-cards-title">
          {methods.map((method) => (
            <PaymentMethodItem key={method.id} method={method} isDefault={method.id === data?.defaultPaymentMethod} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
