import { paymentMethodTexts, usePaymentMethods } from '../../api/payment-methods';
import { appMeta } from '../../config/meta';
import { AddCardPanel } from './add-card-form';
import { PaymentMethodList } from './payment-method-list';
import './payment-methods.css';

/**
 * docs/product.md#payment-methods-screen (/dashboard/payment-methods): the card entry form and the saved cards. Without a
 * card provider on this server (empty stripe-key meta tag, or the server's 503 "not configured") it says so with the
 * next step for whoever runs the server, and loads nothing more.
 */
export function PaymentMethodsScreen() {
  const { configured } = usePaymentMethods();
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">
        Payment Methods
      </h1>
      {configured ? (
        <div className="payment-methods">
          <AddCardPanel publishableKey={appMeta().stripeKey} />
          <PaymentMethodList />
        </div>
      ) : (
        <p className="notice">
          {paymentMethodTexts.notConfigured} {paymentMethodTexts.notConfiguredNextStep}
        </p>
      )}
    </section>
  );
}
