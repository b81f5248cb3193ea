/**
 * After a reconnect, pusher-js subscribes every channel again; an event published before a channel's subscription
 * succeeds is lost. So the "refetch everything that may have changed" waits until every channel is subscribed again
 * (or has failed to be, or `timeoutMs` passed), and then runs once: whatever happens after the refetch starts
 * arrives as an event.
 */
export class ResyncGate {
  private pending: Set<string> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly channelNames: readonly string[],
    private readonly resync: () => void,
    private readonly timeoutMs = 5_000,
  ) {}

  /** The connection is back: wait for every channel. */
  arm(): void {
    this.pending = new Set(this.channelNames);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fire(), this.timeoutMs);
    if (this.pending.size === 0) this.fire();
  }

  /** A channel's subscription succeeded (or was refused: waiting longer would not help). */
  settled(channelName: string): void {
    if (!this.pending?.delete(channelName)) return;
    if (this.pending.size === 0) this.fire();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.pending = undefined;
  }

  private fire(): void {
    if (!this.pending) return;
    this.dispose();
    this.resync();
  }
}
