import type { ConnectionState } from './live-status';

export interface ReconnectProbeOptions {
  /** Whether the server answers now (GET /api/health). */
  serverAnswers: () => Promise<boolean>;
  /** Makes pusher-js try to connect at once. */
  reconnect: () => void;
  /** How often the server is asked while the connection is down. */
  intervalMs?: number;
  /** The wait after a forced reconnect before the server is asked again; doubled each time, up to `maxPauseMs`. */
  pauseMs?: number;
  maxPauseMs?: number;
}

/**
 * pusher-js notices a restarted server late: after a refused connection its strategy waits out a 15 s timeout
 * before the next try, and no option shortens that. So while the connection is down after having been up, the
 * probe asks the server every `intervalMs` whether it answers and, as soon as it does, makes pusher-js reconnect
 * (the bindings resync once every channel is subscribed again). A server that answers but whose sockets still fail
 * (a proxy without WebSockets) is not hammered: the pause after each forced reconnect doubles, up to `maxPauseMs`
 * (pusher-js's own retry by then).
 */
export class ReconnectProbe {
  private readonly intervalMs: number;
  private readonly firstPauseMs: number;
  private readonly maxPauseMs: number;
  private pauseMs: number;
  private everConnected = false;
  private probing = false;
  /** Bumped when probing stops, so that an answer to an earlier round is ignored. */
  private round = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ReconnectProbeOptions) {
    this.intervalMs = options.intervalMs ?? 750;
    this.firstPauseMs = options.pauseMs ?? 2_000;
    this.maxPauseMs = options.maxPauseMs ?? 15_000;
    this.pauseMs = this.firstPauseMs;
  }

  /** Each pusher-js connection state. */
  state(state: ConnectionState): void {
    if (state === 'connected') {
      this.everConnected = true;
      this.pauseMs = this.firstPauseMs;
      this.stop();
    } else if (this.everConnected && (state === 'connecting' || state === 'unavailable')) {
      if (!this.probing) {
        this.probing = true;
        this.next(this.intervalMs);
      }
    } else {
      // Not connected yet, disconnected on purpose, refused or unsupported: pusher-js's own rules apply.
      this.stop();
    }
  }

  dispose(): void {
    this.stop();
  }

  private stop(): void {
    this.probing = false;
    this.round += 1;
    clearTimeout(this.timer);
  }

  private next(delayMs: number): void {
    const round = this.round;
    this.timer = setTimeout(() => {
      void this.options
        .serverAnswers()
        .catch(() => false)
        .then((answers) => {
          if (round !== this.round) return;
          if (!answers) return this.next(this.intervalMs);
          this.options.reconnect();
          this.next(this.pauseMs);
          this.pauseMs = Math.min(this.pauseMs * 2, this.maxPauseMs);
        });
    }, delayMs);
  }
}
