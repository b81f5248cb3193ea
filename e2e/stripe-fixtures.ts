import type { APIRequestContext, Page } from '@playwright/test';
import { requestedWithHeader } from '../contract/http';
import { type FakeStripe, startFakeStripe } from '../server/payments/test-support/fake-stripe';
import { testCards } from '../server/payments/test-support/test-cards';
import { fakeStripeJs } from './fake-stripe-js';
import { test as base, expect, startTestServer, type TestServer } from './fixtures';

/**
 * Payments in the end-to-end tests: a fake of Stripe's REST API on loopback (the server's real `stripe` SDK talks
 * to it through STRIPE_API_BASE), a server started with STRIPE_* pointing at it, and the fake Stripe.js served to
 * the page in place of https://js.stripe.com. Each test signs in an operator of its own, so each has its own Stripe
 * customer on the shared worker server.
 */

interface PaymentFixtures {
  /** Signs a fresh operator into the page on the payments server. */
  signInBuyer(page: Page): Promise<{ userId: number; token: string; email: string }>;
}

interface PaymentWorkerFixtures {
  fakeStripe: FakeStripe;
  paymentsServer: TestServer;
}

let buyers = 0;

export const test = base.extend<PaymentFixtures, PaymentWorkerFixtures>({
  fakeStripe: [
    async ({}, use) => {
      const fake = await startFakeStripe();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  paymentsServer: [
    async ({ fakeStripe }, use) => {
      const server = await startTestServer({ env: fakeStripe.env });
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  page: async ({ page, fakeStripe }, use) => {
    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeStripeJs(fakeStripe.url) }),
    );
    await use(page);
    fakeStripe.repairApi();
  },
  signInBuyer: async ({ paymentsServer }, use, testInfo) => {
    await use(async (page) => {
      buyers += 1;
      const email = `buyer-${testInfo.workerIndex}-${buyers}-${Date.now()}@example.com`;
      const session = await paymentsServer.loginAs(page, { email });
      return { ...session, email };
    });
  },
});

export { expect };

export const apiHeaders = (token: string) => ({ Authorization: `Bearer ${token}`, ...requestedWithHeader });

/**
 * Saves a card for the operator through the API, as the screen does (setup intent, confirmation on the fake
 * Stripe, POST /api/payment-methods). Answers the payment method id.
 */
export async function saveCardViaApi(
  request: APIRequestContext,
  server: TestServer,
  fake: FakeStripe,
  token: string,
  number: string = testCards.visa,
): Promise<string> {
  const setup = await request.post(`${server.url}/api/payment-methods/setup-intent`, { headers: apiHeaders(token) });
  expect(setup.status()).toBe(200);
  const { client_secret } = (await setup.json()) as { client_secret: string };
  const paymentMethod = fake.confirmSetupIntent(client_secret, number);
  const saved = await request.post(`${server.url}/api/payment-methods`, {
    headers: apiHeaders(token),
    data: { payment_method: paymentMethod },
  });
  expect(saved.status()).toBe(200);
  return paymentMethod;
}

/** Types a card into the fake card element. */
export async function typeCard(page: Page, card: { number: string; expiry?: string; cvc?: string }) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(card.number);
  await page.getByRole('textbox', { name: 'Expiration date' }).fill(card.expiry ?? '12 / 34');
  await page.getByRole('textbox', { name: 'CVC' }).fill(card.cvc ?? '123');
}
