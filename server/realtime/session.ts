import { channelNameSchema } from '../../contract/realtime';
import type { ChannelRegistry } from './channel-registry';
import type { Connection } from './connection';
import { frames, parseClientFrame, protocolErrors } from './protocol';
import { verifyChannelAuth } from './signature';

/**
 * What a client may say once connected. Only private channels exist in this product: a subscription to anything
 * else (public, presence, a malformed name) is refused with `pusher:subscription_error` (status 403), and a private
 * channel needs `auth = key:HMAC-SHA256(secret, "socket_id:channel")`, else `pusher:subscription_error` (status 401),
 * as Soketi answers (pusher-js hands it to the channel's `pusher:subscription_error` binding).
 * Which user may join which channel is decided by POST /broadcasting/auth, the only place that signs.
 */

export interface SessionContext {
  key: string;
  secret: string;
  registry: ChannelRegistry;
}

export function handleClientMessage(context: SessionContext, connection: Connection, raw: string): void {
  connection.touch();
  const message = parseClientFrame(raw);
  if (!message) {
    connection.send(frames.error(protocolErrors.generic, 'Invalid message format'));
    return;
  }
  switch (message.event) {
    case 'pusher:ping':
      connection.send(frames.pong());
      return;
    case 'pusher:pong':
      return;
    case 'pusher:subscribe':
      subscribe(context, connection, message.data);
      return;
    case 'pusher:unsubscribe':
      if (typeof message.data.channel === 'string') context.registry.remove(message.data.channel, connection);
      return;
    default:
      if (message.event.startsWith('client-')) {
        connection.send(frames.error(protocolErrors.clientEventRejected, 'Client events are not enabled on this server'));
      } else {
        connection.send(frames.error(protocolErrors.generic, 'Unsupported event'));
      }
  }
}

function subscribe(context: SessionContext, connection: Connection, data: Record<string, unknown>): void {
  const { channel, auth } = data;
  if (typeof channel !== 'string') {
    connection.send(frames.error(protocolErrors.generic, 'pusher:subscribe needs a channel'));
    return;
  }
  if (!channelNameSchema.safeParse(channel).success) {
    connection.send(frames.subscriptionError(channel, 403, 'Only private channels can be joined on this server'));
    return;
  }
  if (!verifyChannelAuth(context.key, context.secret, connection.socketId, channel, auth)) {
    connection.send(frames.subscriptionError(channel, 401, 'Invalid signature'));
    return;
  }
  context.registry.add(channel, connection);
  connection.send(frames.subscriptionSucceeded(channel));
}
