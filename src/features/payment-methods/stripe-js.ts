import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';

/**
 * Stripe.js, loaded on the Payment Methods screen only (the `pure` entry injects nothing until it is called, so no
 * other route, the login page included, downloads it). One load per key; a failed load may be tried again.
 */
const loads = new Map<string, Promise<Stripe | null>>();

function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  let load = loads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey);
    loads.set(publishableKey, load);
    load.catch(() => loads.delete(publishableKey));
  }
  return load;
}

export type StripeJsState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

export function useStripeJs(publishableKey: string): { state: StripeJsState; retry: () => void } {
  const [state, setState] = useState<StripeJsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadStripeJs(publishableKey).then(
      (stripe) => current && setState(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      (error: unknown) => {
        console.error('Stripe.js could not be loaded.', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
