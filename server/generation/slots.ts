/**
 * A fixed number of places for work (the runs one process works on at once), taken in the order they are asked
 * for. Runs a request waits for and runs the worker takes from the queue share one `Slots`, so together they never
 * exceed the limit.
 */
export class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = size;
  }

  /** A place now, or false when every place is taken or someone already waits for one. */
  tryTake(): boolean {
    if (this.free === 0 || this.waiting.length > 0) return false;
    this.free -= 1;
    return true;
  }

  /**
   * A place once one is free; first asked, first served. Rejects when `signal` aborts first, and at once when it has
   * aborted already (a waiter that gave up takes no place, free or not).
   */
  take(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    if (this.tryTake()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const granted = () => {
        signal.removeEventListener('abort', abandoned);
        resolve();
      };
      const abandoned = () => {
        const index = this.waiting.indexOf(granted);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', abandoned, { once: true });
      this.waiting.push(granted);
    });
  }

  /** Gives a place back: to the first in line, or to the free ones. */
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}
