import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseKey, purchaseKeyHeader, tokensApi } from '../../contract/tokens';
import { currentUser } from '../auth/plugin';
import { HttpError } from '../errors';
import { requirePayments } from '../payments/plugin';
import { purchaseTokens } from '../payments/purchases';
import { checkPurchases } from '../payments/reconcile';
import { implement } from './route';

/**
 * POST /api/purchase-tokens (docs/product.md#calls): charge the default card for a package of docs/product.md#constants and credit its tokens.
 * POST /api/purchase-tokens/check (extension): the operator's reconciliation on demand.
 */
const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, tokensApi, {
    purchase: async (request, reply) => {
      const { context } = requirePayments(app);
      const header = request.headers[purchaseKeyHeader];
      const parsedKey = header === undefined ? undefined : purchaseKey.safeParse(header);
      if (parsedKey && !parsedKey.success) {
        const text = parsedKey.error.issues[0]?.message ?? 'The Idempotency-Key header is not valid.';
        throw new HttpError(422, text, { [purchaseKeyHeader]: [text] });
      }
      const result = await purchaseTokens(context, { userId: currentUser(request).id, body: request.body, clientKey: parsedKey?.data });
      return reply.status(result.pending ? 202 : 200).send(result.answer);
    },

    checkPurchases: async (request) => checkPurchases(requirePayments(app).context, currentUser(request).id),
  });
};

export default tokenRoutes;
