import { balanceChanged } from '../notify/notifier';
import type { GenerationConfig } from '../config';
import type { LeaseHolder } from './lease-holder';
import { executeRun, RunInterrupted, type RunnerDeps, type RunOutcome } from './runner';
import { claimNextRun, freeRunsOfDeadHolders, releaseRun, renewLeases, stillHeld, type RunRow } from './runs';
import { Slots } from './slots';
import type { TargetContext } from './targets';

/**
 * Works through the queued generation runs of every process sharing the database, and the runs requests wait for,
 * `concurrency` at once in all (a request's run goes before the queue's). Woken when this process queues a run and
 * every `pollMs` for the others' and for runs a stopped process left behind. While it works on a run it renews the
 * run's lease every third of the lease; a run whose lease another process took over is abandoned at once. At start
 * it shows its lease holder alive and frees the runs of dead holders (a crash, `kill -9`; lease-holder.ts says how a
 * holder is known dead), so they resume at once. Stopping aborts the provider calls in flight and gives their runs back.
 */
export class GenerationWorker {
  private readonly slots: Slots;
  private readonly shutdown = new AbortController();
  /** The runs this process holds, with what stops the work on each. */
  private readonly held = new Map<number, AbortController>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly deps: RunnerDeps,
    private readonly options: GenerationConfig,
    private readonly holder: LeaseHolder,
  ) {
    this.slots = new Slots(options.concurrency);
  }

  async start(): Promise<void> {
    await this.holder.attend();
    const freed = await freeRunsOfDeadHolders(this.deps.db, (holders) => this.holder.deadAmong(holders));
    if (freed > 0) this.deps.log.info({ runs: freed }, 'took over the generation runs of a stopped process');
    const poll = setInterval(() => this.wake(), this.options.pollMs);
    const heartbeat = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.options.leaseMs / 3)));
    this.timers = [poll, heartbeat];
    for (const timer of this.timers) timer.unref();
    this.wake();
  }

  /** Looks for queued work now (a run was just queued), as far as places are free. */
  wake(): void {
    while (!this.shutdown.signal.aborted && this.slots.tryTake()) {
      this.track(this.takeNext());
    }
  }

  /**
   * Runs a run this process already holds (a request that answers with its result) once a place is free, counted
   * for `stop`. Its lease is renewed meanwhile; stopping before its turn gives it back. Cancelled (or taken over)
   * before its turn, it answers `lost` at once: the wait for a place ends with it.
   */
  runHeld(run: RunRow, context: TargetContext): Promise<RunOutcome> {
    const controller = this.hold(run.id);
    return this.track(
      (async (): Promise<RunOutcome> => {
        try {
          await this.placeFor(run.id, controller);
        } catch (error) {
          this.held.delete(run.id);
          // The database failed: the run's lease runs out and another process takes it.
          if (!(error instanceof RunInterrupted)) throw error;
          if (controller.signal.aborted) return { kind: 'lost' };
          await this.giveBack(run.id);
          return { kind: 'released' };
        }
        try {
          return await this.execute(run, controller, context);
        } finally {
          this.slots.give();
          this.wake();
        }
      })(),
    );
  }

  /**
   * Stops the work on a run this process holds (it was cancelled: its row has ended already, so nothing the work
   * would store or charge can commit). Other processes notice at their next heartbeat.
   */
  abandon(runId: number): void {
    this.held.get(runId)?.abort(new RunInterrupted('lost'));
  }

  /** Stops taking runs, aborts the provider calls in flight and waits until their runs are finished or given back. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.shutdown.abort(new RunInterrupted('stopping'));
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * A place for a held run, given up when the process stops or the run is abandoned (cancelled). A cancel that
   * committed before the run was registered as held (`abandon` found nothing to stop) is seen by the check before
   * waiting; one after it aborts the wait.
   */
  private async placeFor(runId: number, controller: AbortController): Promise<void> {
    if (this.slots.tryTake()) return;
    if (!(await stillHeld(this.deps.db, runId, this.deps.lease.holder))) controller.abort(new RunInterrupted('lost'));
    await this.slots.take(AbortSignal.any([this.shutdown.signal, controller.signal]));
  }

  /** Holds one place: takes the oldest free run and works on it, then gives the place back (to a waiting request first). */
  private async takeNext(): Promise<void> {
    let worked = false;
    try {
      const run = await claimNextRun(this.deps.db, this.deps.lease);
      if (!run) return;
      worked = true;
      await this.execute(run, this.hold(run.id), undefined);
    } catch (error) {
      // The database is unreachable or the run could not be recorded: its lease runs out and it is tried again.
      this.deps.log.error({ err: error }, 'generation worker failed');
      worked = false;
    } finally {
      this.slots.give();
      if (worked) this.wake();
    }
  }

  private hold(runId: number): AbortController {
    const controller = new AbortController();
    this.held.set(runId, controller);
    return controller;
  }

  private async execute(run: RunRow, controller: AbortController, context: TargetContext | undefined): Promise<RunOutcome> {
    try {
      return await executeRun(this.deps, run, AbortSignal.any([this.shutdown.signal, controller.signal]), context);
    } finally {
      this.held.delete(run.id);
    }
  }

  private async giveBack(runId: number): Promise<void> {
    const released = await releaseRun(this.deps.db, runId, this.deps.lease.holder);
    if (released) balanceChanged(this.deps.notifier, released.userId, released.balance);
  }

  /** The heartbeat: renews the leases of the runs held; abandons those another process has taken over. */
  private async renew(): Promise<void> {
    const ids = [...this.held.keys()];
    if (ids.length === 0 || this.shutdown.signal.aborted) return;
    try {
      const still = await renewLeases(this.deps.db, this.deps.lease, ids);
      for (const id of ids) {
        if (!still.has(id)) this.held.get(id)?.abort(new RunInterrupted('lost'));
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'generation leases could not be renewed');
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }
}
