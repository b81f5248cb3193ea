import type { TestApp } from '../../test/app';
import type { FakeStripe } from './fake-stripe';
import { testCards } from './test-cards';

type Headers = { authorization: string };

/**
 * Saves a card the way the SPA does: a SetupIntent from our API, confirmed on the fake Stripe as Stripe.js would,
 * then POST /api/payment-methods. Answers the payment method id.
 */
export async function saveCard(t: TestApp, fake: FakeStripe, headers: Headers, number: string = testCards.visa): Promise<string> {
  const setup = await t.app.inject({ method: 'POST', url: '/api/payment-methods/setup-intent', headers });
  if (setup.statusCode !== 200) throw new Error(`setup-intent answered ${setup.statusCode}: ${setup.body}`);
  const paymentMethod = fake.confirmSetupIntent(setup.json<{ client_secret: string }>().client_secret, number);
  const saved = await t.app.inject({ method: 'POST', url: '/api/payment-methods', headers, payload: { payment_method: paymentMethod } });
  if (saved.statusCode !== 200) throw new Error(`saving the card answered ${saved.statusCode}: ${saved.body}`);
  return paymentMethod;
}
