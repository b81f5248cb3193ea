import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { tokenLedger, users } from '../server/db/schema';
import { refuseCredits } from '../server/payments/test-support/purchases';
import { testCards } from '../server/payments/test-support/test-cards';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, saveCardViaApi, test } from './stripe-fixtures';

/**
 * docs/product.md#purchase-tokens-dialog: POST /api/purchase-tokens, 'Failed to purchase tokens...', the packages of
 * docs/product.md#constants.
 */

const balance = (page: Page) => page.getByRole('status', { name: 'Token balance' });

async function openPurchaseDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Purchase Tokens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Tokens' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('purchase tokens', () => {
  test('buys a package on the default card: the server message, the header balance, one ledger row', async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
    request,
  }) => {
    const { token, userId } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token, testCards.visa);
    await page.goto(`${paymentsServer.url}/dashboard/brands`);
    await expect(balance(page)).toHaveText('0 tokens');

    const dialog = await openPurchaseDialog(page);
    await expect(dialog.getByText('Charged to your default card: Visa ending in 4242.')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /1,000,000 tokens\s*\$35/ })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /10,000,000 tokens\s*\$290/ })).toBeVisible();
    await dialog.getByRole('radio', { name: /5,000,000 tokens/ }).check();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Purchase 5,000,000 tokens for $160' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Successfully purchased 5,000,000 tokens.' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(balance(page)).toHaveText('5,000,000 tokens');

    const rows = await paymentsServer.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, 'purchase')));
    expect(rows.map((r) => r.delta)).toEqual([5_000_000]);
    const [intent] = fakeStripe.paymentIntents().filter((i) => i.id === rows[0]?.reference);
    expect(intent).toMatchObject({ amount: 16_000, currency: 'usd', status: 'succeeded' });
  });

  test('a double click charges once', async ({ page, paymentsServer, signInBuyer, fakeStripe, request }) => {
    const { token, userId } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token);
    await page.goto(`${paymentsServer.url}/dashboard/brands`);
    const dialog = await openPurchaseDialog(page);
    const purchase = dialog.getByRole('button', { name: 'Purchase 1,000,000 tokens for $35' });
    await expect(purchase).toBeEnabled();
    const before = fakeStripe.paymentIntents().length;
    await purchase.dblclick();
    await expect(balance(page)).toHaveText('1,000,000 tokens');
    const [user] = await paymentsServer.db.select({ tokens: users.tokens }).from(users).where(eq(users.id, userId));
    expect(user?.tokens).toBe(1_000_000);
    expect(fakeStripe.paymentIntents().length - before).toBe(1);
  });

  test('a retry after Stripe charged without answering sends the same key: one payment, one credit', async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
    request,
  }) => {
    const { token, userId } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token);
    await page.goto(`${paymentsServer.url}/dashboard/brands`);
    const dialog = await openPurchaseDialog(page);
    const purchase = dialog.getByRole('button', { name: 'Purchase 1,000,000 tokens for $35' });
    const before = fakeStripe.paymentIntents().length;

    // Stripe charges the card, its answer never arrives, and it cannot be asked: the server answers 502.
    fakeStripe.failAfterCapture('none');
    fakeStripe.breakApi(500, { method: 'GET', path: /^\/v1\/payment_intents$/ });
    await purchase.click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Failed to purchase tokens. Please try again.');
    await expect(alert).toContainText('If your card was charged, trying again will not charge it twice.');
    expect(
      fakeStripe
        .paymentIntents()
        .slice(before)
        .map((i) => i.status),
    ).toEqual(['succeeded']);
    await expectNoSeriousA11yViolations(page);

    fakeStripe.repairApi();
    await purchase.click();
    await expect(page.getByRole('status').filter({ hasText: 'Successfully purchased 1,000,000 tokens.' })).toBeVisible();
    await expect(balance(page)).toHaveText('1,000,000 tokens');
    expect(fakeStripe.paymentIntents().length - before).toBe(1);
    const rows = await paymentsServer.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, 'purchase')));
    expect(rows.map((r) => r.delta)).toEqual([1_000_000]);
  });

  test('a payment charged and not yet credited shows as processing; Check again credits it once', async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
    request,
  }) => {
    const { token, userId } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token);
    await page.goto(`${paymentsServer.url}/dashboard/brands`);
    const dialog = await openPurchaseDialog(page);
    const allowCredits = await refuseCredits(paymentsServer.db);
    try {
      await dialog.getByRole('button', { name: 'Purchase 1,000,000 tokens for $35' }).click();
      await expect(dialog.getByRole('status')).toHaveText('The payment is processing. The tokens will be added when it completes.');
      await expectNoSeriousA11yViolations(page);
      const checked = page.waitForResponse((r) => r.url().endsWith('/api/purchase-tokens/check'));
      await dialog.getByRole('button', { name: 'Check again' }).click();
      expect((await (await checked).json()) as unknown).toMatchObject({ processing: true, tokens: 0 });
      await expect(dialog.getByRole('button', { name: 'Check again' })).toBeEnabled();
      await expect(dialog.getByRole('status')).toHaveText('The payment is processing. The tokens will be added when it completes.');
    } finally {
      await allowCredits();
    }
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Successfully purchased 1,000,000 tokens.' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(balance(page)).toHaveText('1,000,000 tokens');
    const rows = await paymentsServer.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, 'purchase')));
    expect(rows.map((r) => r.delta)).toEqual([1_000_000]);
  });

  test("a declined card: 'Failed to purchase tokens. Please try again.' with the provider's reason, nothing credited", async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
    request,
  }) => {
    const { token, userId } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token, testCards.declinedOnCharge);
    await page.goto(`${paymentsServer.url}/dashboard/brands`);
    const dialog = await openPurchaseDialog(page);
    await dialog.getByRole('button', { name: 'Purchase 1,000,000 tokens for $35' }).click();

    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Failed to purchase tokens. Please try again.');
    await expect(alert).toContainText('Your card was declined.');
    await expect(dialog.getByRole('button', { name: 'Purchase 1,000,000 tokens for $35' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(balance(page)).toHaveText('0 tokens');
    const rows = await paymentsServer.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(rows.filter((r) => r.reason === 'purchase')).toEqual([]);
  });

  test('without a default card the dialog points to the Payment Methods screen', async ({ page, paymentsServer, signInBuyer }) => {
    await signInBuyer(page);
    await page.goto(`${paymentsServer.url}/dashboard/brands`);
    const dialog = await openPurchaseDialog(page);
    await expect(dialog.getByText('Add a card to purchase tokens:')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Purchase 1,000,000 tokens for $35' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('link', { name: 'Payment Methods' }).click();
    await expect(page).toHaveURL(`${paymentsServer.url}/dashboard/payment-methods`);
    await expect(dialog).toHaveCount(0);
  });

  test('payments off: the dialog says so and what to set, with no package to pick and no Purchase button', async ({ page, server }) => {
    const listRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/payment-methods') listRequests.push(r.url());
    });
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    const dialog = await openPurchaseDialog(page);
    await expect(dialog.getByText('Payments are not configured on this server.')).toBeVisible();
    await expect(
      dialog.getByText('Ask your administrator to set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY on the server'),
    ).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /^Purchase / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // The footer's Close, beside the dialog's own close icon.
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);
    expect(listRequests, 'the page says payments are off: the server is not asked').toEqual([]);
  });

  test('the balance also changes live in another tab of the same operator', async ({
    page,
    paymentsServer,
    signInBuyer,
    fakeStripe,
    request,
    browser,
  }) => {
    const { token, email } = await signInBuyer(page);
    await saveCardViaApi(request, paymentsServer, fakeStripe, token);
    const other = await browser.newPage();
    try {
      await paymentsServer.loginAs(other, { email });
      await other.goto(`${paymentsServer.url}/dashboard/brands`);
      await expect(balance(other)).toHaveText('0 tokens');

      await page.goto(`${paymentsServer.url}/dashboard/brands`);
      const dialog = await openPurchaseDialog(page);
      await dialog.getByRole('radio', { name: /10,000,000 tokens/ }).check();
      await dialog.getByRole('button', { name: 'Purchase 10,000,000 tokens for $290' }).click();
      await expect(balance(page)).toHaveText('10,000,000 tokens');
      await expect(balance(other)).toHaveText('10,000,000 tokens');
    } finally {
      await other.close();
    }
  });
});
