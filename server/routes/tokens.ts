import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseKey, purchaseKeyHeader, tokensApi } from '../../contract/tokens';
import { currentUser } from '../auth/plugin';
import { HttpError } from '../errors';
import { announceBalance } from '../payments/notify';
import { requirePayments } from '../payments/plugin';
import { purchaseTokens } from '../payments/purchases';
import { route } from './route';

/** POST /api/purchase-tokens (SPEC 7): charge the default card for a package of SPEC 9 and credit its tokens. */
const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, tokensApi.purchase, async (request, reply) => {
    const { stripe } = requirePayments(app);
    const userId = currentUser(request).id;
    const header = request.headers[purchaseKeyHeader];
    const parsedKey = header === undefined ? undefined : purchaseKey.safeParse(header);
    if (parsedKey && !parsedKey.success) {
      const text = parsedKey.error.issues[0]?.message ?? 'The Idempotency-Key header is not valid.';
      throw new HttpError(422, text, { [purchaseKeyHeader]: [text] });
    }
    const result = await purchaseTokens(app.db, stripe, { userId, body: request.body, clientKey: parsedKey?.data });
    if (result.credited !== undefined) announceBalance(app, userId, result.credited);
    return reply.status(result.pending ? 202 : 200).send(result.answer);
  });
};

export default tokenRoutes;
