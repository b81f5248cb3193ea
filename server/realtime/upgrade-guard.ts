import type { IncomingMessage } from 'node:http';

/**
 * Who may open a socket on the embedded server, checked before the WebSocket handshake:
 * - a browser (it sends `Origin`) only from this server's own origin (the `Host` it asked for) or one of
 *   `allowedOrigins` (e.g. the Vite dev server): a page elsewhere cannot ride an operator's network position to
 *   listen in. Clients without an Origin (pusher-js on Node, the SDKs) pass: Origin is a browser's statement only,
 *   and private channels still need a signature.
 * - at most `maxPerAddress` open sockets per client address, so that one client cannot take every file descriptor.
 */
export interface UpgradeGuardOptions {
  allowedOrigins: readonly string[];
  maxPerAddress: number;
}

export type UpgradeRefusal = { status: '403 Forbidden' | '429 Too Many Requests' };

export class UpgradeGuard {
  private readonly openPerAddress = new Map<string, number>();
  private readonly allowedOrigins: ReadonlySet<string>;

  constructor(private readonly options: UpgradeGuardOptions) {
    this.allowedOrigins = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
  }

  /** A refusal, or undefined when the socket may open (then `opened` must be called, and `closed` when it ends). */
  check(request: IncomingMessage, address: string): UpgradeRefusal | undefined {
    if (!this.originAllowed(request)) return { status: '403 Forbidden' };
    if ((this.openPerAddress.get(address) ?? 0) >= this.options.maxPerAddress) return { status: '429 Too Many Requests' };
    return undefined;
  }

  opened(address: string): void {
    this.openPerAddress.set(address, (this.openPerAddress.get(address) ?? 0) + 1);
  }

  closed(address: string): void {
    const open = (this.openPerAddress.get(address) ?? 0) - 1;
    if (open > 0) this.openPerAddress.set(address, open);
    else this.openPerAddress.delete(address);
  }

  private originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    if (this.allowedOrigins.has(parsed.origin)) return true;
    return request.headers.host !== undefined && parsed.host === request.headers.host.toLowerCase();
  }
}
