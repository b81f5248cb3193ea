import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useMutation } from '@tanstack/react-query';
import { createSetupIntent, savePaymentMethod, useStorePaymentMethods } from '../../api/payment-methods';

/** The card provider refused the card (docs/product.md#payment-methods-screen): its message is for the operator. */
export class CardSetupError extends Error {
  override readonly name = 'CardSetupError';
}

/**
 * Saving a card (ARCHITECTURE.md "Conventions"): a SetupIntent from our server, confirmed by Stripe.js with the card
 * element (the card number never reaches our server), then POST /api/payment-methods records the payment method.
 */
async function addCard({ stripe, card }: { stripe: Stripe; card: StripeCardElement }) {
  const { client_secret } = await createSetupIntent();
  const result = await stripe.confirmCardSetup(client_secret, { payment_method: { card } });
  if (result.error) throw new CardSetupError(result.error.message ?? 'Your card could not be saved.');
  const method = result.setupIntent.payment_method;
  const id = typeof method === 'string' ? method : method?.id;
  if (!id) throw new Error('The confirmed SetupIntent carries no payment method.');
  return savePaymentMethod(id);
}

export function useAddCard() {
  const store = useStorePaymentMethods();
  return useMutation({ mutationFn: addCard, onSuccess: store });
}
