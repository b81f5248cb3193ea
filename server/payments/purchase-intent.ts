import { z } from 'zod';
import { maxId } from '../../contract/ids';
import { stripePaymentIntent, type StripePaymentIntent } from '../../contract/stripe-webhook';
import { tokenPackages, type TokenPackage } from '../../contract/tokens';
import { type Owner, ownerMetadata } from './owner';

/**
 * A token purchase as its PaymentIntent records it: the metadata the purchase request wrote (the owner, the package,
 * its tokens and the purchase's idempotency key), read back strictly by the webhook and the reconciliation
 * (docs/decisions/0020-purchases-that-are-never-lost.md).
 */
export interface Purchase {
  intentId: string;
  status: string;
  userId: number;
  pkg: TokenPackage;
  amountCents: number;
  /** The Stripe idempotency key of the request that made it. */
  purchaseKey: string | undefined;
  paymentMethod: string | null;
}

export type PurchaseReading =
  | { kind: 'purchase'; purchase: Purchase }
  /** Another installation's payment, not a token purchase at all, or not at its package's price: not ours to credit. */
  | { kind: 'not-ours' }
  /** Not a PaymentIntent as Stripe makes them, or ours with metadata we never write. */
  | { kind: 'malformed'; reason: string };

/** The metadata a purchase's PaymentIntent carries (the request writes it; a replayed request sends it alike). */
export function purchaseMetadata(owner: Owner, pkg: TokenPackage, purchaseKey: string): Record<string, string> {
  return { ...ownerMetadata(owner), package: pkg.id, tokens: String(pkg.amount), purchase_key: purchaseKey };
}

const packageIds = tokenPackages.map((p) => p.id) as [TokenPackage['id'], ...Array<TokenPackage['id']>];
const metadataSchema = z.object({
  // Digits alone, as the request writes it: not "1e0", " 1", "0x1"; and within users.id's range.
  user_id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(maxId)),
  package: z.enum(packageIds),
  tokens: z.string().regex(/^\d{1,16}$/),
  purchase_key: z.string().max(255).optional(),
});

export function readPurchase(value: unknown, installationId: string): PurchaseReading {
  const intent = stripePaymentIntent.safeParse(value);
  if (!intent.success) return { kind: 'malformed', reason: 'not a PaymentIntent' };
  if (intent.data.metadata.installation !== installationId) return { kind: 'not-ours' };
  const metadata = metadataSchema.safeParse(intent.data.metadata);
  if (!metadata.success) return { kind: 'malformed', reason: 'purchase metadata' };
  const pkg = tokenPackages.find((p) => p.id === metadata.data.package);
  if (!pkg || metadata.data.tokens !== String(pkg.amount)) return { kind: 'malformed', reason: 'package' };
  // The package's price, charged in dollars, is what the request asked for; anything else is not our purchase.
  if (intent.data.amount !== pkg.priceCents || intent.data.currency !== 'usd') return { kind: 'not-ours' };
  return {
    kind: 'purchase',
    purchase: {
      intentId: intent.data.id,
      status: intent.data.status,
      userId: metadata.data.user_id,
      pkg,
      amountCents: intent.data.amount,
      purchaseKey: metadata.data.purchase_key,
      paymentMethod: paymentMethodId(intent.data),
    },
  };
}

function paymentMethodId(intent: StripePaymentIntent): string | null {
  const method = intent.payment_method;
  if (!method) return null;
  return typeof method === 'string' ? method : method.id;
}
