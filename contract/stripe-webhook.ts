import { z } from 'zod';
import { endpoint } from './endpoint';
import { errorAnswer } from './http';

export const stripeWebhookAnswer = z.object({ received: z.literal(true) });

export const stripeWebhookApi = {
  receive: endpoint({
    name: 'stripeWebhook.receive',
    method: 'POST',
    path: '/api/stripe/webhook',
    summary: "Stripe's asynchronous payment confirmations; public, authenticated by their signature.",
    public: true,
    answer: stripeWebhookAnswer,
    otherAnswers: { 400: errorAnswer, 503: errorAnswer },
    announces: ['changetokens'],
  }),
} as const;
