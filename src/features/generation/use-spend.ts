import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { EstimateBody } from '../../../contract/estimate';
import { errorMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { confirmCost } from './cost-gate';

export const estimateFailedText = 'The cost of this generation could not be estimated. Nothing was spent.';

/**
 * Spends tokens only after the cost confirmation (cost-gate.ts): `spend(body, what, run)` asks, and calls `run` once
 * the operator confirms. A second call while one is being asked is ignored from the first click on (SPEC 4). The
 * button itself stays as it is meanwhile, so that the focus comes back to it when the question closes.
 */
export function useSpend() {
  const queryClient = useQueryClient();
  const busy = useRef(false);
  const spend = useCallback(
    async (body: EstimateBody, what: string, run: () => void) => {
      if (busy.current) return;
      busy.current = true;
      try {
        if (await confirmCost(queryClient, body, what)) run();
      } catch (error) {
        toast.error(errorMessage(error, estimateFailedText));
      } finally {
        busy.current = false;
      }
    },
    [queryClient],
  );
  return { spend };
}
