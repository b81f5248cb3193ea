import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../db/client';
import type { Balance } from '../tokens/ledger';

/** What the payment services work with: the database, the Stripe client, this installation, and the notifier's call. */
export interface PaymentsContext {
  db: Database;
  stripe: Stripe;
  /** server/payments/installation.ts */
  installationId: string;
  /** Tells the operator's screens a balance a payment changed; call it after the credit has committed. */
  announce(userId: number, balance: Balance): void;
  log: FastifyBaseLogger;
}
