import { useRef, useState } from 'react';
import { errorMessage, serverMessage } from '../../api/http';
import { newPurchaseKey, purchaseFailureIsFinal, useCheckPurchases, usePurchaseTokens, type TokenPackage } from '../../api/tokens';
import { toast } from '../../ui/toast';

export const checkFailedText = 'Failed to check the payment. Please try again.';

/** A purchase that failed: the server's reason, and whether a charge may have happened (the retry then says it is safe). */
export interface PurchaseFailure {
  detail?: string;
  mayHaveCharged: boolean;
}

/** A payment still processing (202, or a check that found it so): its message, or why the check failed. */
export interface StillProcessing {
  message: string;
  checkFailed?: string;
}

/**
 * The Purchase Tokens dialog's calls (docs/product.md#purchase-tokens-dialog): the purchase on the default card, and
 * the check of a payment still processing. A success closes the dialog with the server's message.
 *
 * Each purchase attempt carries one idempotency key per package, kept until the server answers 2xx or a 4xx (which
 * says nothing was charged): a double click, or a retry after no answer or a 5xx that may have followed a charge,
 * charges once (docs/decisions/0020-purchases-that-are-never-lost.md). A 202 is a payment still processing: the
 * dialog says so and lets the operator check again, which asks the server to look for it at Stripe.
 */
export function usePurchaseFlow(onOpenChange: (open: boolean) => void) {
  const purchase = usePurchaseTokens();
  const check = useCheckPurchases();
  const [failure, setFailure] = useState<PurchaseFailure | null>(null);
  const [processing, setProcessing] = useState<StillProcessing | null>(null);
  const attemptKeys = useRef(new Map<TokenPackage['id'], string>());

  function close(next: boolean) {
    if (!next) {
      setFailure(null);
      setProcessing(null);
      purchase.reset();
      check.reset();
    }
    onOpenChange(next);
  }

  /** Settles when the server has answered (the purchase button holds until then). */
  function buy(pkg: TokenPackage) {
    if (purchase.isPending) return;
    setFailure(null);
    const attemptKey = attemptKeys.current.get(pkg.id) ?? newPurchaseKey();
    attemptKeys.current.set(pkg.id, attemptKey);
    return purchase.mutateAsync({ pkg, attemptKey }).then(
      ({ answer, processing: stillProcessing }) => {
        attemptKeys.current.delete(pkg.id);
        if (stillProcessing) {
          setProcessing({ message: answer.message });
          return;
        }
        toast.success(answer.message);
        close(false);
      },
      (error: unknown) => {
        const final = purchaseFailureIsFinal(error);
        if (final) attemptKeys.current.delete(pkg.id);
        setFailure({ detail: serverMessage(error), mayHaveCharged: !final });
      },
    );
  }

  /** Settles when the server has answered (the check button holds until then). */
  function checkAgain() {
    if (check.isPending) return;
    return check.mutateAsync(undefined).then(
      (answer) => {
        if (answer.processing) {
          setProcessing({ message: answer.message });
          return;
        }
        toast.success(answer.message);
        close(false);
      },
      (error: unknown) => setProcessing((shown) => ({ message: shown?.message ?? '', checkFailed: errorMessage(error, checkFailedText) })),
    );
  }

  return { close, buy, checkAgain, failure, processing, purchasing: purchase.isPending, checking: check.isPending };
}
