import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pusherApi, pusherBatchBody, pusherEventsBody } from '../../contract/pusher-api';
import { implement } from '../routes/route';
import { validationAnswer } from '../validation-answer';
import { checkSignedRequest } from './http-api-auth';
import { checkTriggerLimits } from './limits';
import type { RealtimeMessage } from './types';

/**
 * Pusher's HTTP trigger API, so that the official `pusher` SDK (or any Pusher-compatible publisher) can publish
 * into the embedded server: POST /apps/{id}/events and POST /apps/{id}/batch_events (contract/pusher-api.ts).
 * Public to the bearer-token auth (`config.public`): the Pusher signature is the authentication.
 * Register it encapsulated (`app.register(httpApiRoutes, ...)`): it reads raw bodies, since body_md5 is over the bytes.
 * A signed body it cannot take is a 400, as Pusher answers one (not the 422 of the rest of the API), naming the
 * fields at fault as a 422 does.
 */

export interface HttpApiOptions {
  appId: string;
  key: string;
  secret: string;
  dispatch: (message: RealtimeMessage) => Promise<void>;
}

export const httpApiRoutes: FastifyPluginAsyncZod<HttpApiOptions> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
    done(null, body);
  });

  // The signature is over the raw body: the handlers parse it themselves (the declared body is documented, not validated).
  implement(app, pusherApi, {
    events: {
      rawBody: true,
      handler: async (request, reply) => {
        const signed = readSigned(request, reply, options);
        if (!signed) return reply;
        const parsed = pusherEventsBody.safeParse(signed.body);
        if (!parsed.success) return reply.code(400).send(validationAnswer(parsed.error.issues));
        const { name, data, channels, channel, socket_id: socketId } = parsed.data;
        const message: RealtimeMessage = {
          channels: channels ?? [channel as string],
          event: name,
          data,
          ...(socketId === undefined ? {} : { excludeSocketId: socketId }),
        };
        const problem = checkTriggerLimits(message);
        if (problem) return reply.code(problem.status).send({ message: problem.message });
        await options.dispatch(message);
        return reply.send({});
      },
    },

    batchEvents: {
      rawBody: true,
      handler: async (request, reply) => {
        const signed = readSigned(request, reply, options);
        if (!signed) return reply;
        const parsed = pusherBatchBody.safeParse(signed.body);
        if (!parsed.success) return reply.code(400).send(validationAnswer(parsed.error.issues));
        const messages: RealtimeMessage[] = parsed.data.batch.map((item) => ({
          channels: [item.channel],
          event: item.name,
          data: item.data,
          ...(item.socket_id === undefined ? {} : { excludeSocketId: item.socket_id }),
        }));
        for (const message of messages) {
          const problem = checkTriggerLimits(message);
          if (problem) return reply.code(problem.status).send({ message: problem.message });
        }
        for (const message of messages) await options.dispatch(message);
        return reply.send({});
      },
    },
  });
};

/** Checks the app id and the signature, then parses the JSON body; on failure answers the error and returns undefined. */
function readSigned(request: FastifyRequest, reply: FastifyReply, options: HttpApiOptions): { body: unknown } | undefined {
  const { appId } = request.params as { appId: string };
  if (appId !== options.appId) {
    reply.code(404).send({ message: 'Unknown app' });
    return undefined;
  }
  const raw = typeof request.body === 'string' ? request.body : '';
  const refusal = checkSignedRequest(options, {
    method: request.method,
    path: request.url.split('?')[0] ?? '',
    query: request.query,
    body: raw,
  });
  if (refusal) {
    reply.code(401).send({ message: refusal });
    return undefined;
  }
  try {
    return { body: JSON.parse(raw) as unknown };
  } catch {
    reply.code(400).send({ message: 'The body must be JSON' });
    return undefined;
  }
}
