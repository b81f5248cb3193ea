import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '../../contract/auth';
import { issueAccessToken, revokeAccessToken } from '../auth/access-tokens';
import type { LoginLimiter } from '../auth/login-limiter';
import { verifyPassword } from '../auth/passwords';
import { currentUser } from '../auth/plugin';
import { findUser, findUserByEmail } from '../auth/users';
import { HttpError } from '../errors';
import { currentBalance } from '../tokens/ledger';
import { implement } from './route';

const authRoutes: FastifyPluginAsyncZod<{ limiter: LoginLimiter; tokenTtlDays: number }> = async (app, { limiter, tokenTtlDays }) => {
  implement(app, authApi, {
    login: async (request, reply) => {
      const { email, password } = request.body;
      const admission = await limiter.admit(email, request.ip);
      if (!admission.allowed) {
        reply.header('retry-after', String(admission.retryAfterSeconds));
        throw new HttpError(429, `Too many login attempts. Please try again in ${admission.retryAfterSeconds} seconds.`);
      }
      const user = await findUserByEmail(app.db, email);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        request.log.info({ userId: user?.id }, 'login failed');
        throw new HttpError(401, 'These credentials do not match our records.');
      }
      await admission.guess.succeeded();
      const token = await issueAccessToken(app.db, user.id, tokenTtlDays);
      request.log.info({ userId: user.id }, 'login succeeded');
      return { token, user: { id: user.id } };
    },

    logout: async (request) => {
      await revokeAccessToken(app.db, currentUser(request).tokenId);
      return { message: 'Logged out.' };
    },

    user: async (request) => {
      const user = await findUser(app.db, currentUser(request).id);
      if (!user) throw new HttpError(401, 'Unauthenticated.');
      return user;
    },

    userTokens: async (request) => {
      const balance = await currentBalance(app.db, currentUser(request).id);
      if (!balance) throw new HttpError(401, 'Unauthenticated.');
      return { tokens: balance.tokens, held_tokens: balance.held };
    },
  });
};

export default authRoutes;
