import type { z } from 'zod';
import type { PaymentMethodsChangeAnswer } from '../../../contract/payment-methods';
import { changeTokensPayload, realtimeEvents } from '../../../contract/realtime';
import { invalidateKey, type CacheEffect } from '../cache-effects';
import { keys } from '../keys';
import { bind, isRecord, nothing, onSuccess, userChannel, type MutationEntries } from './entry';

/** The operator's balance, statement and payment methods. */

/** The balance fields an event carries (`held_tokens` only from servers that hold tokens for runs). */
const balanceOf = (user: z.infer<typeof changeTokensPayload>['user']) =>
  user.held_tokens === undefined ? { tokens: user.tokens } : { tokens: user.tokens, held_tokens: user.held_tokens };

export const balanceEvents = {
  /** The balance: patch the user-tokens key (and the user answer, which carries the tokens too); the overview and the statement. */
  [realtimeEvents.changeTokens]: bind({
    channel: userChannel,
    schema: changeTokensPayload,
    effects: ({ user }, screen) => {
      if (screen.userId !== null && user.id !== screen.userId) return [];
      return [
        { kind: 'patch', queryKey: keys.userTokens(), update: (old) => ({ ...(isRecord(old) ? old : {}), ...balanceOf(user) }) },
        { kind: 'patch', queryKey: keys.user(), update: (old) => (isRecord(old) ? { ...old, ...balanceOf(user) } : old) },
        invalidateKey(keys.overview()),
        // A balance change may be a new row of the statement (a hold is not): the page on screen, if any, refetches.
        invalidateKey(keys.transactions.all),
      ];
    },
  }),
} as const;

/** The payment methods answer the list as it now stands: it replaces the cached one, no refetch needed. */
const storePaymentMethods = onSuccess<unknown, PaymentMethodsChangeAnswer>(({ answer }) => [
  {
    kind: 'patch',
    queryKey: keys.paymentMethods(),
    update: () => ({ methods: answer.methods, defaultPaymentMethod: answer.defaultPaymentMethod }),
  },
]);

export const balanceMutations = {
  'paymentMethods.setupIntent': nothing,
  'paymentMethods.add': storePaymentMethods,
  'paymentMethods.switchDefault': storePaymentMethods,
  'paymentMethods.remove': storePaymentMethods,
  // The new balance from the answer at once, then the server's (held tokens included); the statement gains a row.
  'tokens.purchase': onSuccess<unknown, { tokens?: number }>(({ answer }) => [
    ...(answer.tokens === undefined
      ? []
      : [
          {
            kind: 'patch',
            queryKey: keys.userTokens(),
            update: (old: unknown) => ({ ...(isRecord(old) ? old : {}), tokens: answer.tokens }),
          } satisfies CacheEffect,
        ]),
    invalidateKey(keys.userTokens()),
    invalidateKey(keys.transactions.all),
  ]),
  // A check may credit a payment: the balance it answers at once, then the server's; the statement may gain a row.
  'tokens.checkPurchases': onSuccess<unknown, { tokens: number }>(({ answer }) => [
    {
      kind: 'patch',
      queryKey: keys.userTokens(),
      update: (old: unknown) => ({ ...(isRecord(old) ? old : {}), tokens: answer.tokens }),
    } satisfies CacheEffect,
    invalidateKey(keys.userTokens()),
    invalidateKey(keys.transactions.all),
  ]),
  'stripeWebhook.receive': nothing, // Stripe's call; the balance arrives by `changetokens`
} satisfies MutationEntries;
