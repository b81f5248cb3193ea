import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
import { useId, useState, type FormEvent } from 'react';
import { paymentMethodTexts } from '../../api/payment-methods';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { useStripeJs } from './stripe-js';
import { CardSetupError, useAddCard } from './use-add-card';

const cardOptions: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      fontSize: '15px',
      color: '#1b2230',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      '::placeholder': { color: '#576173' },
    },
    invalid: { color: '#b3261e', iconColor: '#b3261e' },
  },
};

/** The card entry of docs/product.md#payment-methods-screen: Stripe.js is loaded here, with the publishable key of the page's meta tag. */
export function AddCardPanel({ publishableKey }: { publishableKey: string }) {
  const { state, retry } = useStripeJs(publishableKey);
  return (
    <section className="payment-panel" aria-labelledby="add-card-title">
      <h2 id="add-card-title" className="payment-panel__title">
        Add a card
      </h2>
      {state.status === 'loading' ? <Spinner label="Loading the card form" /> : null}
      {state.status === 'failed' ? (
        <div className="form-error" role="alert">
          The card form could not be loaded.{' '}
          <button type="button" className="btn btn--link" onClick={retry}>
            Retry
          </button>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <Elements stripe={state.stripe}>
          <AddCardForm />
        </Elements>
      ) : null}
    </section>
  );
}

/**
 * 'Add Card' ('Processing...' while busy). A card the provider refuses shows the provider's message under the
 * field (docs/product.md#payment-methods-screen); any other failure is the alert 'Failed to add payment method.' (docs/product.md#messages-and-errors).
 */
function AddCardForm() {
  const stripe = useStripe();
  const elements = useElements();
  const addCard = useAddCard();
  const [cardError, setCardError] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  function onCardChange(event: StripeCardElementChangeEvent) {
    setCardError(event.error?.message ?? null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || addCard.isPending) return;
    setCardError(null);
    addCard.mutate(
      { stripe, card },
      {
        onSuccess: () => {
          card.clear();
          toast.success(paymentMethodTexts.added);
        },
        onError: (error) => {
          if (error instanceof CardSetupError) {
            setCardError(error.message);
            return;
          }
          console.error('Adding a payment method failed.', error);
          toast.error(paymentMethodTexts.addFailed);
        },
      },
    );
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate>
      <div className="field">
        <span className="field__label" id={labelId}>
          Card details
        </span>
        <div
          className="card-field"
          role="group"
          aria-labelledby={labelId}
          aria-describedby={cardError ? errorId : undefined}
          aria-busy={addCard.isPending || undefined}
        >
          <CardElement className="card-field__input" options={cardOptions} onChange={onCardChange} />
        </div>
      </div>
      {cardError ? (
        <p id={errorId} className="form-error" role="alert">
          {cardError}
        </p>
      ) : null}
      <div className="card-form__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!stripe || addCard.isPending}
          aria-busy={addCard.isPending || undefined}
        >
          {addCard.isPending ? 'Processing...' : 'Add Card'}
        </button>
      </div>
    </form>
  );
}
