import type { GenerationConfig } from '../config';
import { executeRun, type RunnerDeps, type RunOutcome } from './runner';
import { claimNextRun, RunLostError, type RunRow } from './runs';
import type { TargetContext } from './targets';

/**
 * Works through the queued generation runs of every process sharing the database: up to `concurrency` at once,
 * woken when this process queues one and every `pollMs` for the others' (and for runs a stopped process left
 * behind once their lease runs out). Stopping aborts the provider calls in flight and gives their runs back.
 */
export class GenerationWorker {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly shutdown = new AbortController();
  private slots = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly options: GenerationConfig,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (a run was just queued). */
  wake(): void {
    while (!this.shutdown.signal.aborted && this.slots < this.options.concurrency) {
      this.slots += 1;
      this.track(this.drain()).finally(() => {
        this.slots -= 1;
      });
    }
  }

  /** Runs a run this process already holds (a request that answers with its result), counted for `stop`. */
  runHeld(run: RunRow, context: TargetContext): Promise<RunOutcome> {
    return this.track(executeRun(this.deps, run, this.shutdown.signal, context));
  }

  /** Stops taking runs, aborts the provider calls in flight and waits until their runs are finished or given back. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.shutdown.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private async drain(): Promise<void> {
    while (!this.shutdown.signal.aborted) {
      let run: RunRow | undefined;
      try {
        run = await claimNextRun(this.deps.db);
        if (!run) return;
        await executeRun(this.deps, run, this.shutdown.signal);
      } catch (error) {
        if (error instanceof RunLostError) continue;
        // The database is unreachable or the run could not be recorded: its lease runs out and it is tried again.
        this.deps.log.error({ err: error, runId: run?.id }, 'generation worker failed');
        return;
      }
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }
}
