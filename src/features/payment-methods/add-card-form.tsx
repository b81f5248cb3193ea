import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { useSelector } from '@tanstack/react-form';
import { paymentMethodTexts } from '../../api/payment-methods';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { errorTexts, setFieldErrors, submitHandler } from '../../ui/form/field-errors';
import { useFieldContext } from '../../ui/form/form-context';
import { useAppForm } from '../../ui/form/use-app-form';
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
          <Button variant="link" onClick={retry}>
            Retry
          </Button>
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
 * 'Add Card' ('Processing...' while busy). A card the provider refuses shows the provider's message at the field
 * (docs/product.md#payment-methods-screen): as typed (Stripe.js checks the card in its element: nothing is sent
 * while it says the card is wrong), or when the card is set up; any other failure is the alert 'Failed to add
 * payment method.' (docs/product.md#messages-and-errors).
 */
function AddCardForm() {
  const stripe = useStripe();
  const elements = useElements();
  const addCard = useAddCard();
  const form = useAppForm({
    // What Stripe.js says of the card as typed: its message, or null while it finds nothing wrong.
    defaultValues: { card: null as string | null },
    onSubmit: async ({ formApi }) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return;
      try {
        await addCard.mutateAsync({ stripe, card });
        card.clear();
        toast.success(paymentMethodTexts.added);
      } catch (error) {
        if (error instanceof CardSetupError) {
          setFieldErrors(formApi, { card: error.message });
          return;
        }
        console.error('Adding a payment method failed.', error);
        toast.error(paymentMethodTexts.addFailed);
      }
    },
  });
  const processing = useSelector(form.store, (state) => state.isSubmitting);

  return (
    <form className="card-form" onSubmit={submitHandler(form)} noValidate>
      <form.AppField name="card" validators={{ onChange: ({ value }) => value ?? undefined }}>
        {() => <CardField busy={processing} />}
      </form.AppField>
      <div className="card-form__actions">
        <Button type="submit" variant="primary" disabled={!stripe} pending={processing} pendingLabel="Processing...">
          Add Card
        </Button>
      </div>
    </form>
  );
}

/**
 * Stripe's card element (its inputs are Stripe's, in a frame) as the form's field: its value is what Stripe.js says
 * of the card as typed, an error (shown, announced, and holding the submit back) until it finds nothing wrong.
 */
function CardField({ busy }: { busy: boolean }) {
  const field = useFieldContext<string | null>();
  return (
    <Field label="Card details" errors={errorTexts(field.state.meta.errors)} announce>
      {(control) => (
        <div className="card-field" role="group" aria-label="Card details" {...control} aria-busy={busy || undefined}>
          <CardElement
            className="card-field__input"
            options={cardOptions}
            onChange={(event) => {
              // What Stripe.js says of the card now replaces what the provider said of it at the last submit.
              field.setErrorMap({ onSubmit: undefined });
              field.handleChange(event.error?.message ?? null);
            }}
          />
        </div>
      )}
    </Field>
  );
}
