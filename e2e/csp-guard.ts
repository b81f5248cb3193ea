import { type BrowserContext, test as base, expect } from '@playwright/test';

/**
 * Every test fails on a Content-Security-Policy violation in any page it opened: in the test's own context and in
 * every context it creates (a second browser, `browser.newPage()`), their pages, popups and frames. A violation is
 * watched twice over, as neither sees them all: Chromium's console message ("Executing inline script violates the
 * following Content Security Policy directive ..."; it also tells of a page refusing to be framed, which raises no
 * event in the framing page), and the page's `securitypolicyviolation` event, reported through a binding by an init
 * script (it also tells of a violation the page caught, such as an eval probe, which the console does not; a
 * context created during a test may open its first page before the script is in place).
 */

export interface CspViolation {
  /** Chromium's console, or the page's securitypolicyviolation event. */
  seenBy: 'console' | 'event';
  /** The page or frame it happened in. */
  url: string;
  /** The console's message, or the event's directive, blocked URI and source. */
  description: string;
}

interface ViolationEvent {
  directive: string;
  blocked: string;
  source: string;
}

const bindingName = '__reportCspViolation';

/** Runs in every page and frame, before the page's own scripts. */
function reportViolations(name: string) {
  addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as Record<string, ((detail: ViolationEvent) => void) | undefined>)[name];
    report?.({
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : '',
    });
  });
}

export class CspGuard {
  private recorded: CspViolation[] = [];
  private readonly watching = new WeakMap<BrowserContext, Promise<void>>();

  /** What was recorded so far. */
  list(): readonly CspViolation[] {
    return this.recorded;
  }

  /** Forgets what was recorded: a test that provokes a violation on purpose, and has checked it, clears it. */
  clear(): void {
    this.recorded = [];
  }

  /**
   * For a test that provokes refusals on purpose: checks that what was recorded is those (at least one, each
   * `[seenBy] description` matching `expected`) and forgets them, so that only the unexpected fail the test.
   */
  acknowledge(expected: RegExp): void {
    const seen = this.recorded.map((v) => `[${v.seenBy}] ${v.description}`);
    expect(seen.length, 'the Content-Security-Policy refusals this test provokes').toBeGreaterThan(0);
    for (const line of seen) expect(line).toMatch(expected);
    this.clear();
  }

  /** Starts recording a context's violations; resolves once its pages report their events too. */
  watch(context: BrowserContext): Promise<void> {
    let watching = this.watching.get(context);
    if (!watching) {
      watching = this.startWatching(context);
      this.watching.set(context, watching);
    }
    return watching;
  }

  private async startWatching(context: BrowserContext): Promise<void> {
    context.on('console', (message) => {
      if (!/Content Security Policy/i.test(message.text())) return;
      this.recorded.push({ seenBy: 'console', url: message.page()?.url() ?? message.location().url, description: message.text() });
    });
    await context.exposeBinding(bindingName, ({ frame }, detail: ViolationEvent) => {
      const source = detail.source ? ` (${detail.source})` : '';
      this.recorded.push({
        seenBy: 'event',
        url: frame.url(),
        description: `${detail.directive} blocked ${detail.blocked || 'inline'}${source}`,
      });
    });
    await context.addInitScript(reportViolations, bindingName);
  }

  expectNone(): void {
    const lines = this.recorded.map((v) => `  [${v.seenBy}] ${v.url}: ${v.description}`);
    expect(this.recorded, `Content-Security-Policy violations:\n${lines.join('\n')}`).toEqual([]);
  }
}

/**
 * What Chromium records when DOMPurify parses hostile markup with an inline event handler (a history message): the
 * inert document it parses in is held to the page's policy, which refuses the handler there already, although it
 * would never run there. Nothing to relax: a test feeding such markup acknowledges these.
 */
export const refusedInlineHandler =
  /^\[console\] Executing inline event handler violates the following Content Security Policy directive 'script-src |^\[event\] script-src-attr blocked inline/;

export const test = base.extend<{ cspViolations: CspGuard }>({
  cspViolations: [
    async ({ browser }, use) => {
      const guard = new CspGuard();
      // A context the test closes at once may be gone before its binding is in place: nothing to watch then.
      const onContext = (context: BrowserContext) => void guard.watch(context).catch(() => undefined);
      browser.on('context', onContext);
      try {
        await use(guard);
      } finally {
        browser.off('context', onContext);
      }
      guard.expectNone();
    },
    { auto: true },
  ],
  // Depending on the guard, the test's own context is closed (its last messages in) before the guard checks.
  context: async ({ context, cspViolations }, use) => {
    await cspViolations.watch(context);
    await use(context);
  },
});

export { expect };
