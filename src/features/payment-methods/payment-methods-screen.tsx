import { paymentMessages } from '../../../contract/payment-methods';
import { appMeta, paymentsConfigured } from '../../config/meta';
import { AddCardPanel } from './add-card-form';
import { PaymentMethodList } from './payment-method-list';
import './payment-methods.css';

/**
 * docs/product.md#payment-methods-screen (/dashboard/payment-methods): the card entry form and the saved cards. Without a
 * card provider on this server (empty stripe-key meta tag) it says so plainly and loads nothing.
 */
export function PaymentMethodsScreen() {
  const configured = paymentsConfigured();
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
        <p className="notice">{paymentMessages.notConfigured}</p>
      )}
    </section>
  );
}
