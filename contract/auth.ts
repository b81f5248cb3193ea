import { z } from 'zod/mini';
import { endpoint } from './endpoint';
import { errorAnswer, messageAnswer } from './http';
import { clientTextMini } from './well-formed-text';

/**
 * Written with zod/mini: the login route parses with these schemas, and its JavaScript leaves zod's classic API out
 * (docs/figures.md). The checks are those of `clientText.check(...).max(...)`, in the same order.
 */

const integer = () => z.number().check(z.int());

export const loginBody = z.object({
  email: clientTextMini.check(z.email('The email must be a valid email address.'), z.maxLength(255)),
  password: clientTextMini.check(z.minLength(1, 'The password is required.'), z.maxLength(1024)),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginAnswer = z.object({
  token: z.string(),
  user: z.object({ id: integer() }),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

/**
 * `tokens` is the balance; `held_tokens` (extension) the part of it held for runs under way (the most each may cost,
 * until it ends): what can be spent is `tokens - held_tokens`.
 */
export const user = z.object({
  id: integer(),
  email: z.string(),
  name: z.string(),
  tokens: integer(),
  held_tokens: z.optional(integer()),
});
export type User = z.infer<typeof user>;

/** GET /api/user */
export const userAnswer = user;

/** GET /api/user-tokens */
export const userTokensAnswer = z.object({ tokens: integer(), held_tokens: z.optional(integer()) });

/** What the browser keeps in localStorage (docs/product.md#data). */
export const storageKeys = { authToken: 'authToken', authUserId: 'authUserId' } as const;

export const authApi = {
  login: endpoint({
    name: 'auth.login',
    method: 'POST',
    path: '/api/login',
    summary: 'Signs in with email and password; answers a bearer access token.',
    public: true,
    body: loginBody,
    answer: loginAnswer,
    otherAnswers: { 401: errorAnswer, 429: errorAnswer },
  }),
  logout: endpoint({
    name: 'auth.logout',
    method: 'POST',
    path: '/logout',
    summary: 'Revokes the access token the request carries.',
    answer: messageAnswer,
  }),
  user: endpoint({
    name: 'auth.user',
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in operator, with their balance.',
    answer: userAnswer,
  }),
  userTokens: endpoint({
    name: 'auth.userTokens',
    method: 'GET',
    path: '/api/user-tokens',
    summary: "The signed-in operator's balance and what it holds for runs under way.",
    answer: userTokensAnswer,
  }),
} as const;
