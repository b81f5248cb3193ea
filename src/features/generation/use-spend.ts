import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { EstimateBody } from '../../../contract/estimate';
import { errorMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { confirmCost } from './cost-gate';

export const estimateFailedText = 'The cost of this generation could not be estimated. Nothing was spent.';

/**
 * Spends tokens only after the cost confirmation (cost-gate.ts): `spend(body, what, run)` asks, and calls `run` once
 * the operator confirms. One at a time (docs/product.md#statuses, docs/product.md#keyboard-focus-and-feedback): from the first click until `run`'s request has answered
 * (when `run` returns its promise, e.g. `mutateAsync`), a second call is ignored - a flag set synchronously, so a
 * double click within a millisecond sends one request. `busy` says so for the button (`aria-disabled`, which keeps
 * it focusable so that the focus comes back to it when the question closes); `sending` is true once the operator
 * confirmed, while the request runs.
 */
export function useSpend() {
  const queryClient = useQueryClient();
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const spend = useCallback(
    async (body: EstimateBody, what: string, run: () => unknown) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      try {
        if (await confirmCost(queryClient, body, what)) {
          setSending(true);
          // The outcome (toast) is the caller's; a rejection here is already shown.
          await Promise.resolve(run()).catch(() => undefined);
        }
      } catch (error) {
        toast.error(errorMessage(error, estimateFailedText));
      } finally {
        busyRef.current = false;
        setBusy(false);
        setSending(false);
      }
    },
    [queryClient],
  );
  return { spend, busy, sending };
}
