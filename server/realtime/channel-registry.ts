import type { Connection } from './connection';
import { eventFrame } from './protocol';
import type { RealtimeMessage } from './types';

/** Which local sockets joined which channel, and delivery of a message to them (this process only). */
export class ChannelRegistry {
  private readonly members = new Map<string, Set<Connection>>();

  add(channel: string, connection: Connection): void {
    let set = this.members.get(channel);
    if (!set) {
      set = new Set();
      this.members.set(channel, set);
    }
    set.add(connection);
    (connection.channels ??= new Set()).add(channel);
  }

  remove(channel: string, connection: Connection): void {
    const set = this.members.get(channel);
    if (set) {
      set.delete(connection);
      if (set.size === 0) this.members.delete(channel);
    }
    connection.channels?.delete(channel);
  }

  removeAll(connection: Connection): void {
    if (!connection.channels) return;
    for (const channel of [...connection.channels]) this.remove(channel, connection);
  }

  subscriberCount(channel: string): number {
    return this.members.get(channel)?.size ?? 0;
  }

  /** Sends the event to every local subscriber of each channel; the frame is encoded once a channel. Returns the count sent. */
  deliver(message: RealtimeMessage): number {
    let sent = 0;
    for (const channel of message.channels) {
      const set = this.members.get(channel);
      if (!set || set.size === 0) continue;
      const frame = eventFrame(channel, message.event, message.data);
      for (const connection of set) {
        if (connection.socketId === message.excludeSocketId) continue;
        connection.send(frame);
        sent += 1;
      }
    }
    return sent;
  }
}
