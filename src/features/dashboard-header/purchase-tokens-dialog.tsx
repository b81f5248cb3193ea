import { useState, type RefObject } from 'react';
import { formatPrice, formatTokens, tokenPackages, type TokenPackage } from '../../api/tokens';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { PaymentsOffNotice, PurchaseChoice, useChargedCard } from './purchase-choice';
import { usePurchaseFlow } from './purchase-flow';
import { PurchaseProcessing } from './purchase-processing';
import './purchase-tokens-dialog.css';

const description = 'Tokens pay for generating events, brands and models.';

/**
 * docs/product.md#purchase-tokens-dialog: the token packages of docs/product.md#constants with their prices. Purchasing charges the operator's
 * default card on the server (POST /api/purchase-tokens); the new balance comes back in the answer (and through the
 * realtime `changetokens` event). Without a card provider on this server the dialog says so and what to set, in
 * place of the packages and the purchase button; without a default card it points to the Payment Methods screen. A
 * payment still processing (purchase-flow.tsx) takes the packages' place, with Check again.
 */
export function PurchaseTokensDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes on close (the dialog is opened from a menu item that no longer exists then). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const card = useChargedCard(open);
  const [chosen, setChosen] = useState<TokenPackage['id']>(tokenPackages[0].id);
  const pkg = tokenPackages.find((p) => p.id === chosen) ?? tokenPackages[0];
  const flow = usePurchaseFlow(onOpenChange);
  const close = () => flow.close(false);

  return (
    <Modal
      open={open}
      onOpenChange={flow.close}
      title="Purchase Tokens"
      returnFocusTo={returnFocusTo}
      description={description}
      footer={
        flow.processing ? (
          <>
            <Button onClick={close}>Close</Button>
            <Button variant="primary" pending={flow.checking} pendingLabel="Checking..." onClick={flow.checkAgain}>
              Check again
            </Button>
          </>
        ) : !card.configured ? (
          <Button onClick={close}>Close</Button>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="primary"
              disabled={card.noDefaultCard}
              pending={flow.purchasing}
              pendingLabel="Processing..."
              onClick={() => flow.buy(pkg)}
            >
              {`Purchase ${formatTokens(pkg.amount)} tokens for ${formatPrice(pkg.priceCents)}`}
            </Button>
          </>
        )
      }
    >
      {flow.processing ? (
        <PurchaseProcessing processing={flow.processing} />
      ) : !card.configured ? (
        <PaymentsOffNotice />
      ) : (
        <PurchaseChoice
          chosen={chosen}
          onChoose={setChosen}
          purchasing={flow.purchasing}
          card={card}
          failure={flow.failure}
          onLeave={close}
        />
      )}
    </Modal>
  );
}
