import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { broadcastingApi } from '../../contract/broadcasting';
import { currentUser } from '../auth/plugin';
import { HttpError } from '../errors';
import { mayJoinChannel } from '../realtime/channel-access';
import { channelAuth } from '../realtime/signature';
import type { RealtimeConfig } from '../realtime/types';
import { implement } from './route';

export interface BroadcastingRoutesOptions {
  /** Defaults to `app.realtimeConfig`, decorated by the realtime plugin (register it first). */
  config?: RealtimeConfig;
}

/**
 * POST /broadcasting/auth: signs a private channel subscription for pusher-js (`channelAuthorization`).
 * Needs the bearer token; takes `socket_id` and `channel_name` form-encoded (what pusher-js sends) or as JSON.
 * Answers `{ auth: "key:HMAC-SHA256(secret, socket_id:channel)" }`; a channel that is not the caller's is 403.
 */
const broadcastingRoutes: FastifyPluginAsyncZod<BroadcastingRoutesOptions> = async (app, options) => {
  const config = options.config ?? (app.hasDecorator('realtimeConfig') ? app.realtimeConfig : undefined);
  if (!config) throw new Error('broadcasting routes: register the realtime plugin first, or pass { config }');
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

  implement(app, broadcastingApi, {
    auth: async (request) => {
      const { socket_id: socketId, channel_name: channel } = request.body;
      if (!mayJoinChannel(currentUser(request).id, channel)) throw new HttpError(403, 'This channel is not yours.');
      return { auth: channelAuth(config.key, config.secret, socketId, channel) };
    },
  });
};

export default broadcastingRoutes;
