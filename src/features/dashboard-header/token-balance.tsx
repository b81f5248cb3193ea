import { useEffect } from 'react';
import { useUserTokens } from '../../api/auth';
import { useTypicalCosts } from '../../api/estimate';
import { useSelection } from '../../store/selection';
import { isUnauthorized } from '../../api/http';
import { formatTokens } from '../../api/tokens';
import { toast } from '../../ui/toast';
import { Tip } from '../../ui/tooltip';

/** docs/product.md#messages-and-errors: the alert when the balance cannot be fetched. */
export const tokensErrorText = 'Failed to fetch tokens. Please try again.';

/** What a held amount means, for the badge's tip. */
export function heldText(held: number, balance: number): string {
  return `${formatTokens(held)} of your ${formatTokens(balance)} tokens are held for generations under way: each holds the most it may cost until it ends, then is charged what it used.`;
}

/** Why the badge is amber. */
export function lowBalanceText(available: number, typical: number, what: string): string {
  return `Low balance: ${formatTokens(available)} tokens available, less than one run of ${what} usually costs (about ${formatTokens(typical)}).`;
}

/**
 * The token balance badge: GET /api/user-tokens, kept live by the realtime `changetokens` event (which patches the
 * query cache). It shows what can be spent, and beside it what runs under way hold. A live region, so a changed
 * balance is announced politely. It turns amber when what can be spent is below what one run of the screen's type (the
 * header's Regenerate: events, or a subcategory's brands) usually costs the operator, with a tip saying so.
 */
export function TokenBalance() {
  const tokens = useUserTokens();
  const failedAt = tokens.isError && !isUnauthorized(tokens.error) ? tokens.errorUpdatedAt : 0;

  useEffect(() => {
    if (failedAt) toast.error(tokensErrorText);
  }, [failedAt]);

  const balance = tokens.data?.tokens;
  const held = tokens.data?.held_tokens ?? 0;
  const screenType = useSelection((state) => state.selectedType);
  const typical = useTypicalCosts().data?.[screenType === 'Events' ? 'Events' : 'Brands'];
  const low = balance !== undefined && typical !== undefined && balance - held < typical;
  const badge = (
    <span
      className={low ? 'token-badge token-badge--low' : 'token-badge'}
      role="status"
      aria-label="Token balance"
      aria-busy={tokens.isPending || undefined}
      tabIndex={low ? 0 : undefined}
      data-low={low || undefined}
    >
      <svg className="token-badge__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5v7M6 6.5h3a1.5 1.5 0 010 3H6" fill="none" stroke="currentColor" strokeWidth="1.3" />
      </svg>
      {balance === undefined ? (
        <span className="token-badge__value">{tokens.isError ? 'unavailable' : '…'}</span>
      ) : (
        <span className="token-badge__value">{formatTokens(balance - held)} tokens</span>
      )}
      {balance !== undefined && held > 0 ? (
        <Tip content={heldText(held, balance)} side="bottom">
          <span className="token-badge__held" tabIndex={0}>
            {formatTokens(held)} held
          </span>
        </Tip>
      ) : null}
    </span>
  );
  return low ? (
    <Tip content={lowBalanceText(balance - held, typical, screenType === 'Events' ? 'events' : 'brands')} side="bottom">
      {badge}
    </Tip>
  ) : (
    badge
  );
}
