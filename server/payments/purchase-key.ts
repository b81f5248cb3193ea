/**
 * The Stripe idempotency key of a purchase, so that a double submission charges once (Stripe answers a repeated
 * key with the first payment intent, and the ledger credits an intent once).
 *
 * Every key names the installation (docs/decisions/0020-purchases-that-are-never-lost.md): two databases on one
 * Stripe account never replay each other's payments.
 *
 * - With the client's `Idempotency-Key` header (the SPA sends a fresh UUID for each purchase attempt and re-sends
 *   it on a retry): the key is that value, scoped to the operator and the package, so no one else's key and no
 *   other package can collide with it.
 * - Without it (a client that sends only the spec's { amount, price }): the same operator buying the same package
 *   within one 10-second window is taken as one purchase. Two genuine purchases of one package inside 10 s are
 *   then one charge and one credit (never a charge without tokens); a double click that straddles a window
 *   boundary can still charge twice, which is why the SPA sends the header.
 */
export const purchaseWindowMs = 10_000;

export function purchaseIdempotencyKey(input: {
  installationId: string;
  userId: number;
  packageId: string;
  clientKey?: string;
  now: number;
}): string {
  const scope = input.clientKey ? `key-${input.clientKey}` : `window-${Math.floor(input.now / purchaseWindowMs)}`;
  return `purchase-${input.installationId}-user-${input.userId}-${input.packageId}-${scope}`;
}
