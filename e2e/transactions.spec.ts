import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** SPEC 2 "Transactions screen": a static mock-up, visibly labelled as sample data, that loads no data. */

test.describe('transactions screen', () => {
  test('the mock-up: filters, the sample table, the paging text, and no data loaded', async ({ page, server }) => {
    await server.loginAs(page);
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) apiCalls.push(path);
    });
    await page.goto(`${server.url}/dashboard/transactions`);

    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('shows no real transactions');

    const table = page.getByRole('table', { name: 'Sample transactions (not real data)' });
    await expect(table.locator('thead th')).toHaveText([/Date/, /Description/, /Type/, /Tokens Amount/]);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(page.getByText('Showing 1 to 10 of 50', { exact: true })).toBeVisible();

    const type = page.getByRole('combobox', { name: 'Type' });
    await expect(type.locator('option')).toHaveText(['All', 'Deposit', 'Withdrawal', 'Transfer']);
    await type.selectOption('deposit');
    const deposits = await table.locator('tbody tr').count();
    expect(deposits).toBeGreaterThan(0);
    expect(deposits).toBeLessThan(10);
    for (const row of await table.locator('tbody tr').all()) await expect(row).toContainText('Deposit');
    await type.selectOption('all');

    await page.getByLabel('Date').fill('2026-03-08');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr')).toContainText('Transfer');
    await expectNoSeriousA11yViolations(page);

    // The screen is a mock-up: it asks the server for nothing of its own (the header loads its own data).
    const headerCalls = new Set(['/api/categories', '/api/statuses', '/api/user-tokens', '/api/user']);
    expect(apiCalls.filter((path) => !headerCalls.has(path) && !path.startsWith('/api/broadcasting'))).toEqual([]);
  });
});
