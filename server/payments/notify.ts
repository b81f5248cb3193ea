import type { FastifyInstance } from 'fastify';
import { balanceChanged } from '../notify/notifier';
import type { Balance } from '../tokens/ledger';

/**
 * Tells the operator's screens their new balance (`changetokens` on private-user.{id}). Call it only after the
 * transaction that changed the balance has committed. Never fails the request: the broadcaster logs its own errors.
 */
export function announceBalance(app: FastifyInstance, userId: number, balance: Balance): void {
  balanceChanged(app.notifier, userId, balance);
}
