import { expect, test } from './fixtures';

/**
 * The page's Content-Security-Policy at work in Chromium, and the guard every test runs under (csp-guard.ts): what
 * the policy refuses is recorded, in the test's page and in a browser the test opens itself. The violations
 * provoked here are checked and cleared; any other fails the test at teardown.
 */

test.describe('Content-Security-Policy', () => {
  test('an injected inline script is refused, and the guard records it from the console and the event', async ({
    page,
    server,
    cspViolations,
  }) => {
    await page.goto(`${server.url}/login`);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true';
      document.head.append(script);
      return 'injectedScriptRan' in window;
    });
    expect(ran).toBe(false);

    await expect
      .poll(() =>
        cspViolations
          .list()
          .map((v) => v.seenBy)
          .sort(),
      )
      .toEqual(['console', 'event']);
    for (const violation of cspViolations.list()) {
      expect(violation.url).toBe(`${server.url}/login`);
      expect(violation.description).toMatch(/script-src/);
    }
    cspViolations.clear();
  });

  test('a remote image in a second browser is refused and recorded too', async ({ browser, server, cspViolations }) => {
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await other.goto(`${server.url}/login`);
      await other.evaluate(() => {
        const image = document.createElement('img');
        image.src = 'https://images.example.com/logo.png';
        document.body.append(image);
      });
      // The console's record: the event's needs the context's init script, which may come after its first page.
      await expect
        .poll(() => cspViolations.list().find((v) => v.seenBy === 'console')?.description)
        .toMatch(/^Loading the image 'https:\/\/images\.example\.com\/logo\.png' violates .* "img-src 'self' data:"/);
    } finally {
      await context.close();
    }
    cspViolations.clear();
  });

  test("the scroll lock of an open dialog styles the page with the page's nonce, refused nothing", async ({
    page,
    server,
    cspViolations,
  }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Purchase Tokens' }).click();
    await expect(page.getByRole('dialog', { name: 'Purchase Tokens' })).toBeVisible();

    const lockStyles = await page.evaluate(() =>
      [...document.head.querySelectorAll('style')]
        .filter((style) => style.textContent?.includes('data-scroll-locked'))
        .map((style) => style.nonce),
    );
    const pageNonce = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce);
    expect(pageNonce).toBeTruthy();
    expect(lockStyles).toEqual([pageNonce]);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(cspViolations.list()).toEqual([]);
  });

  test('another page cannot frame the dashboard', async ({ page, server, cspViolations }) => {
    const answer = page.waitForResponse(`${server.url}/login`);
    await page.setContent(`<iframe src="${server.url}/login" title="dashboard"></iframe>`);
    expect((await answer).headers()['x-frame-options']).toBe('DENY');
    const frame = page.frames()[1];
    await frame?.waitForLoadState();
    expect(frame?.url()).toBe('chrome-error://chromewebdata/');
    await expect
      .poll(() => cspViolations.list().map((v) => `[${v.seenBy}] ${v.description}`))
      .toEqual([
        expect.stringMatching(/^\[console\] Framing .* violates the following Content Security Policy directive: "frame-ancestors 'none'"/),
      ]);
    cspViolations.clear();
  });
});
