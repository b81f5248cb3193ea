import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ErrorAnswer } from '../../contract/http';
import { broadcastingAuthBody, type BroadcastingAuthBody } from '../../contract/realtime';
import { mayJoinChannel } from '../realtime/channel-access';
import { channelAuth } from '../realtime/signature';
import type { RealtimeConfig } from '../realtime/types';

/**
 * POST /broadcasting/auth: signs a private channel subscription for pusher-js (`channelAuthorization`).
 * Needs the bearer token (the app's auth hook sets `request.user`); takes `socket_id` and `channel_name`
 * form-encoded (what pusher-js sends) or as JSON. Answers `{ auth: "key:HMAC-SHA256(secret, socket_id:channel)" }`.
 *
 * The key and secret come from `options.config` when given, else from `app.realtimeConfig`
 * (decorated by the realtime plugin, which must then be registered first).
 */

export interface BroadcastingRoutesOptions {
  config?: RealtimeConfig;
}

export default async function broadcastingRoutes(
  app: FastifyInstance,
  options: BroadcastingRoutesOptions,
): Promise<void> {
  const config = options.config ?? (app.hasDecorator('realtimeConfig') ? app.realtimeConfig : undefined);
  if (!config) throw new Error('broadcasting routes: register the realtime plugin first, or pass { config }');
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

  app.post('/broadcasting/auth', async (request, reply) => {
    const userId = request.user?.id;
    if (userId === undefined) return reply.code(401).send({ message: 'Unauthenticated.' } satisfies ErrorAnswer);

    const parsed = broadcastingAuthBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      // The app's one error shape (server/plugins/error-handler.ts): the first problem, and the fields at fault.
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
      }
      const message = parsed.error.issues[0]?.message ?? 'The given data was invalid.';
      return reply.code(422).send({ message, errors } satisfies ErrorAnswer);
    }
    const { socket_id: socketId, channel_name: channel }: BroadcastingAuthBody = parsed.data;
    if (!mayJoinChannel(userId, channel)) {
      return reply.code(403).send({ message: 'This channel is not yours.' } satisfies ErrorAnswer);
    }
    return reply.send({ auth: channelAuth(config.key, config.secret, socketId, channel) });
  });
}
