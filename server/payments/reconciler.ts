import type { FastifyBaseLogger } from 'fastify';

/** How often the reconciliation runs while the server is up (and once at start). */
export const reconcileEveryMs = 5 * 60_000;

/** The longest a stop waits for a pass still waiting on Stripe (the pass then leaves the database alone). */
const stopWaitMs = 10_000;

/**
 * Runs the reconciliation (reconcile.ts) at start and every `everyMs`, one pass at a time: a pass asked for while
 * one runs is that pass. `stop()` ends the timer and waits for the pass under way, so that none runs on a closed
 * database: a pass still waiting on Stripe after `stopWaitMs` is told to stop (its signal) and writes nothing.
 */
export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly stopping = new AbortController();
  /** Passes begun, for the log and the tests. */
  passes = 0;

  constructor(
    private readonly pass: (signal: AbortSignal) => Promise<unknown>,
    private readonly everyMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.stopped || this.timer) return;
    void this.runNow();
    this.timer = setInterval(() => void this.runNow(), this.everyMs);
    this.timer.unref();
  }

  /** Starts a pass unless one is under way; resolves when the pass under way ends (a failed pass is logged). */
  runNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.runPass();
    return this.running;
  }

  /** The pass under way, if any (resolved at once otherwise). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    if (!this.running) return;
    let giveUp: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (giveUp = setTimeout(resolve, stopWaitMs)));
    await Promise.race([this.running, waited]);
    clearTimeout(giveUp);
    this.stopping.abort();
  }

  private async runPass(): Promise<void> {
    this.passes += 1;
    try {
      await this.pass(this.stopping.signal);
    } catch (error) {
      this.log.warn({ err: error }, 'the purchase reconciliation failed; the next pass tries again');
    } finally {
      this.running = undefined;
    }
  }
}
