import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { channels, type changeTokensPayload, realtimeEvents } from '../../contract/realtime';

/**
 * Tells the operator's screens their new balance (`changetokens` on private-user.{id}). Call it only after the
 * transaction that changed the balance has committed. Never fails the request: the broadcaster logs its own errors.
 */
export function announceBalance(app: FastifyInstance, userId: number, tokens: number): void {
  if (!app.hasDecorator('broadcaster')) return;
  const payload: z.infer<typeof changeTokensPayload> = { user: { id: userId, tokens } };
  app.broadcaster.publish(channels.user(userId), realtimeEvents.changeTokens, payload).catch(() => undefined);
}
