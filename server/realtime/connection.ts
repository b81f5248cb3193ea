import WebSocket from 'ws';

/** One client socket of the embedded server: its socket_id, the channels it joined and its liveness marks. */

const textFrame = { binary: false } as const;

export class Connection {
  /** Channels this socket joined; created on the first subscription (idle sockets stay small). */
  channels: Set<string> | undefined;
  /** Last time anything (a message or a WebSocket pong) came from the client. */
  lastSeen: number;
  /** When the server pinged it for being idle; 0 while not waiting for an answer. */
  pingedAt = 0;

  constructor(
    readonly socket: WebSocket,
    readonly socketId: string,
    private readonly maxBufferedBytes: number,
  ) {
    this.lastSeen = Date.now();
  }

  touch(now = Date.now()): void {
    this.lastSeen = now;
    this.pingedAt = 0;
  }

  /** Sends a text frame. A client that lets its backlog grow past the limit is dropped rather than buffered for. */
  send(frame: string | Buffer): void {
    const { socket } = this;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      socket.terminate();
      return;
    }
    socket.send(frame, textFrame);
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }
}
