import { z } from 'zod';

/** Token packages (SPEC 9). Prices in cents; the server owns them. */
export const tokenPackages = [
  { id: 'tokens-1m', amount: 1_000_000, priceCents: 3_500 },
  { id: 'tokens-5m', amount: 5_000_000, priceCents: 16_000 },
  { id: 'tokens-10m', amount: 10_000_000, priceCents: 29_000 },
] as const;
export type TokenPackage = (typeof tokenPackages)[number];

/** POST /api/purchase-tokens: the spec's payload is amount and price; the server checks both against its list. */
export const purchaseTokensBody = z.object({
  amount: z.number().int().positive(),
  price: z.number().positive(),
});
export const purchaseTokensAnswer = z.object({ message: z.string(), tokens: z.number().int().optional() });
