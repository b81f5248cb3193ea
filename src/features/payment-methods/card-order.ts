import type { PaymentMethod } from '../../../contract/payment-methods';

/** The default card first, the others in the provider's order (newest first). */
export function defaultFirst(methods: readonly PaymentMethod[], defaultId: string | null): PaymentMethod[] {
  const chosen = methods.filter((m) => m.id === defaultId);
  return [...chosen, ...methods.filter((m) => m.id !== defaultId)];
}
