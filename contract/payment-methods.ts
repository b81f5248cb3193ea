import { z } from 'zod';

export const paymentMethod = z.object({
  id: z.string(),
  card: z.object({ brand: z.string().optional(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** GET /api/payment-methods */
export const paymentMethodsAnswer = z.object({
  methods: z.array(paymentMethod),
  defaultPaymentMethod: z.string().nullable(),
});

const stripeId = z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'The payment method is not valid.');
/** POST /api/payment-methods and POST /api/payment-methods/switch-default */
export const paymentMethodBody = z.object({ payment_method: stripeId });
export const paymentMethodParams = z.object({ id: stripeId });

/** POST /api/payment-methods/setup-intent (extension): the client secret the card element confirms. */
export const setupIntentAnswer = z.object({ client_secret: z.string() });
