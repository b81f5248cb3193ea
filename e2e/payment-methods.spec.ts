import type { Page } from '@playwright/test';
import { testCards } from '../server/payments/test-support/test-cards';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, saveCardViaApi, test, typeCard } from './stripe-fixtures';

/** docs/product.md#payment-methods-screen (card refusal, removal confirmation) and its texts (docs/product.md#messages-and-errors). */

const savedCards = (page: Page) => page.getByRole('list', { name: 'Your Payment Methods' }).getByRole('listitem');
const cardItem = (page: Page, last4: string) => savedCards(page).filter({ hasText: last4 });
const addCardButton = (page: Page) => page.getByRole('button', { name: /^(Add Card|Processing\.\.\.)$/ });
const expiryYear = new Date().getUTCFullYear() + 3;

test.describe('payment methods', () => {
  test('an operator without cards: the empty text, the card form without a postal code, Stripe.js with the page key', async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
  }) => {
    const stripeJsRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https://js.stripe.com/')) stripeJsRequests.push(r.url());
    });
    await signInBuyer(page);
    await page.goto(`${paymentsServer.url}/dashboard/brands`);
    await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
    expect(stripeJsRequests, 'Stripe.js is loaded only on the Payment Methods screen').toEqual([]);

    await page.goto(`${paymentsServer.url}/dashboard/payment-methods`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your Payment Methods' })).toBeVisible();
    await expect(page.getByText('No payment methods added yet.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Card number' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'ZIP' })).toHaveCount(0);
    await expect(addCardButton(page)).toHaveText('Add Card');
    expect(stripeJsRequests).toHaveLength(1);
    const recorded = await page.evaluate(
      () => (window as unknown as { __fakeStripe: { keys: string[]; elementOptions: object[] } }).__fakeStripe,
    );
    expect(recorded.keys).toEqual([fakeStripe.publishableKey]);
    expect(recorded.elementOptions[0]).toMatchObject({ hidePostalCode: true });
    await expectNoSeriousA11yViolations(page);
  });

  test("adds a card: 'Processing...' while busy, then the success text and the card as the default", async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
  }) => {
    await signInBuyer(page);
    await page.goto(`${paymentsServer.url}/dashboard/payment-methods`);
    await expect(page.getByText('No payment methods added yet.')).toBeVisible();
    await typeCard(page, { number: testCards.visa, expiry: `04 / ${String(expiryYear).slice(-2)}` });

    const held = fakeStripe.hold('POST', /^\/v1\/setup_intents\/[^/]+\/confirm$/);
    try {
      await addCardButton(page).click();
      await held.reached;
      await expect(addCardButton(page)).toHaveText('Processing...');
      await expect(addCardButton(page)).toBeDisabled();
    } finally {
      held.release();
    }
    await expect(page.getByRole('status').filter({ hasText: 'Payment method added successfully!' })).toBeVisible();
    await expect(addCardButton(page)).toHaveText('Add Card');
    await expect(page.getByText('No payment methods added yet.')).toHaveCount(0);
    const item = cardItem(page, '4242');
    await expect(item).toContainText('Visa');
    await expect(item).toContainText(`Expires 04/${expiryYear}`);
    await expect(item).toContainText('Default Payment Method');
    await expect(item.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('');
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(cardItem(page, '4242')).toContainText('Default Payment Method');
  });

  test("shows the provider's message when it refuses the card, and saves nothing", async ({ page, paymentsServer, signInBuyer }) => {
    await signInBuyer(page);
    await page.goto(`${paymentsServer.url}/dashboard/payment-methods`);
    await expect(page.getByText('No payment methods added yet.')).toBeVisible();

    // Refused by Stripe.js before anything is sent.
    await typeCard(page, { number: testCards.incorrectNumber });
    const alert = page.getByRole('alert').filter({ hasText: 'Your card number is invalid.' });
    await expect(alert).toBeVisible();
    await addCardButton(page).click();
    await expect(alert).toBeVisible();

    // Refused by Stripe when the SetupIntent is confirmed.
    await typeCard(page, { number: testCards.declinedOnSetup });
    await expect(alert).toHaveCount(0);
    await addCardButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(addCardButton(page)).toHaveText('Add Card');
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(page.getByText('No payment methods added yet.')).toBeVisible();
  });

  test("'Failed to add payment method.' when the server cannot set the card up", async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
  }) => {
    await signInBuyer(page);
    await page.goto(`${paymentsServer.url}/dashboard/payment-methods`);
    await expect(page.getByText('No payment methods added yet.')).toBeVisible();
    await typeCard(page, { number: testCards.visa });
    fakeStripe.breakApi();
    await addCardButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to add payment method.' })).toBeVisible();
    await expect(addCardButton(page)).toHaveText('Add Card');
  });

  test('lists the cards with the default marker; Set as Default moves it', async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
    request,
  }) => {
    const { token } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token, testCards.visa);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token, testCards.mastercard);
    await page.goto(`${paymentsServer.url}/dashboard/payment-methods`);

    await expect(savedCards(page)).toHaveCount(2);
    const visa = cardItem(page, '4242');
    const mastercard = cardItem(page, '4444');
    await expect(visa).toContainText('Default Payment Method');
    await expect(visa.getByRole('button')).toHaveCount(0);
    await expect(mastercard).not.toContainText('Default Payment Method');
    await expect(mastercard).toContainText(`Expires 12/${expiryYear}`);
    await expect(mastercard.getByRole('button', { name: 'Set as Default' })).toBeVisible();
    await expect(mastercard.getByRole('button', { name: 'Remove' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await mastercard.getByRole('button', { name: 'Set as Default' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Default payment method updated successfully.' })).toBeVisible();
    await expect(mastercard).toContainText('Default Payment Method');
    await expect(visa).not.toContainText('Default Payment Method');
    await expect(visa.getByRole('button', { name: 'Set as Default' })).toBeVisible();
    // The default comes first.
    await expect(savedCards(page).first()).toContainText('4444');

    await page.reload();
    await expect(cardItem(page, '4444')).toContainText('Default Payment Method');
  });

  test('removal asks first; Cancel keeps the card, Remove removes it', async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
    request,
  }) => {
    const { token } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token, testCards.visa);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token, testCards.mastercard);
    await page.goto(`${paymentsServer.url}/dashboard/payment-methods`);
    const mastercard = cardItem(page, '4444');

    await mastercard.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to remove this payment method?' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Mastercard ending in 4444');
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(savedCards(page)).toHaveCount(2);

    await mastercard.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment method removed successfully.' })).toBeVisible();
    await expect(savedCards(page)).toHaveCount(1);
    await expect(cardItem(page, '4444')).toHaveCount(0);

    await page.reload();
    await expect(savedCards(page)).toHaveCount(1);
    await expect(cardItem(page, '4242')).toContainText('Default Payment Method');
  });

  test("'Failed to update default payment method.' and 'Failed to remove payment method.' when Stripe fails", async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
    request,
  }) => {
    const { token } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token, testCards.visa);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token, testCards.mastercard);
    await page.goto(`${paymentsServer.url}/dashboard/payment-methods`);
    const mastercard = cardItem(page, '4444');
    await expect(mastercard.getByRole('button', { name: 'Set as Default' })).toBeVisible();

    fakeStripe.breakApi();
    await mastercard.getByRole('button', { name: 'Set as Default' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to update default payment method.' })).toBeVisible();
    await mastercard.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to remove payment method.' })).toBeVisible();
    // Nothing changed on screen.
    await expect(savedCards(page)).toHaveCount(2);
    await expect(cardItem(page, '4242')).toContainText('Default Payment Method');
    await expectNoSeriousA11yViolations(page);
  });

  test('a failed list fetch is logged and the list stays empty', async ({ page, paymentsServer, signInBuyer, fakeStripe, request }) => {
    const { token } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    fakeStripe.breakApi();
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment-methods' && r.request().method() === 'GET');
    await page.goto(`${paymentsServer.url}/dashboard/payment-methods`);
    expect((await listed).status()).toBe(502);
    await expect.poll(() => logged.some((text) => text.includes('Failed to fetch payment methods.'))).toBe(true);
    await expect(page.getByRole('heading', { level: 2, name: 'Your Payment Methods' })).toBeVisible();
    await expect(savedCards(page)).toHaveCount(0);
    await expect(page.getByText('No payment methods added yet.')).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'Loading payment methods' })).toHaveCount(0);
  });

  test("payments off: 'Payments are not configured on this server.', what to set, no Stripe.js and no call to the server", async ({
    page,
    server,
  }) => {
    const stripeJsRequests: string[] = [];
    const listRequests = countListRequests(page);
    page.on('request', (r) => {
      if (r.url().startsWith('https://js.stripe.com/')) stripeJsRequests.push(r.url());
    });
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/payment-methods`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
    await expect(page.getByText('Payments are not configured on this server.')).toBeVisible();
    await expect(page.getByText(nextStep)).toBeVisible();
    await expect(addCardButton(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await revisitThroughNavigation(page);
    await expect(page.getByText(nextStep)).toBeVisible();
    expect(stripeJsRequests).toEqual([]);
    expect(listRequests, 'the page says payments are off: the server is not asked').toEqual([]);
  });

  test('a server answering 503 "not configured" is asked once: the notice and what to set, no retry, no refetch', async ({
    page,
    paymentsServer,
    signInBuyer,
  }) => {
    const listRequests = countListRequests(page);
    await page.route('**/api/payment-methods', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', json: { message: 'Payments are not configured on this server.' } }),
    );
    await signInBuyer(page);
    // The page's timers on a fake clock: a retry, had one been scheduled, is fired below without waiting for it.
    await page.clock.install();
    await page.goto(`${paymentsServer.url}/dashboard/payment-methods`);
    await expect(page.getByText(nextStep)).toBeVisible();
    await expect(page.getByText('Payments are not configured on this server.')).toBeVisible();
    await expect(addCardButton(page)).toHaveCount(0);
    await revisitThroughNavigation(page);
    await expect(page.getByText(nextStep)).toBeVisible();
    await page.clock.runFor(60_000);
    expect(listRequests).toHaveLength(1);
  });
});

const nextStep = 'Ask your administrator to set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY on the server';

/** The GET /api/payment-methods requests the page makes. */
function countListRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/payment-methods') requests.push(r.url());
  });
  return requests;
}

/** To Brands and back through the main navigation (the page, and its cache, stay). */
async function revisitThroughNavigation(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Brands' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
  await nav.getByRole('link', { name: 'Payment Methods' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
}
