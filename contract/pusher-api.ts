import { z } from 'zod';
import { endpoint } from './endpoint';
import { errorAnswer } from './http';
import { pusherProtocol, socketIdSchema } from './realtime';
import { clientText } from './text';

/**
 * Pusher's HTTP trigger API, served by the embedded server so the official `pusher` SDK (or any Pusher-compatible
 * publisher) can publish into it. Public to the bearer-token auth: the Pusher signature (over the raw body) is the
 * authentication. A signed body it cannot take is a 400, as Pusher answers one.
 */

/** Pusher's trigger limits, applied the same by every driver so that the embedded server behaves like the hosted one. */
export const triggerLimits = {
  maxChannels: 100,
  maxEventNameLength: 200,
  maxDataBytes: pusherProtocol.maxMessageBytes,
  maxBatchEvents: 10,
} as const;

const channelName = clientText
  .min(1)
  .max(164)
  .regex(/^[A-Za-z0-9_\-=@,.;]+$/);
const eventName = clientText.min(1).max(triggerLimits.maxEventNameLength);

/** POST /apps/{id}/events: one event. Its texts obey the API's one text rule (contract/text.ts). */
export const pusherEventsBody = z
  .object({
    name: eventName,
    data: clientText,
    channels: z.array(channelName).min(1).max(triggerLimits.maxChannels).optional(),
    channel: channelName.optional(),
    socket_id: socketIdSchema.optional(),
    info: clientText.optional(),
  })
  .refine((body) => body.channels !== undefined || body.channel !== undefined, 'channels or channel is required');

/** POST /apps/{id}/batch_events: several events. */
export const pusherBatchBody = z.object({
  batch: z
    .array(
      z.object({
        channel: channelName,
        name: eventName,
        data: clientText,
        socket_id: socketIdSchema.optional(),
        info: clientText.optional(),
      }),
    )
    .max(triggerLimits.maxBatchEvents),
});

const appParams = z.object({ appId: z.string() });
const refusals = { 400: errorAnswer, 401: errorAnswer, 404: errorAnswer, 413: errorAnswer };

export const pusherApi = {
  events: endpoint({
    name: 'pusher.events',
    method: 'POST',
    path: '/apps/:appId/events',
    summary: 'Publishes one event (Pusher HTTP API, signed with the app key and secret).',
    public: true,
    params: appParams,
    body: pusherEventsBody,
    answer: z.object({}),
    otherAnswers: refusals,
  }),
  batchEvents: endpoint({
    name: 'pusher.batchEvents',
    method: 'POST',
    path: '/apps/:appId/batch_events',
    summary: 'Publishes up to 10 events at once (Pusher HTTP API, signed with the app key and secret).',
    public: true,
    params: appParams,
    body: pusherBatchBody,
    answer: z.object({}),
    otherAnswers: refusals,
  }),
} as const;
