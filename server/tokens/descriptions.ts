/**
 * What a ledger row says it was, in words, written with the row (a statement line keeps the names of its day).
 * Migration 0006 wrote the same texts for the rows that came before it, as far as they could be known.
 */

const count = (n: number) => n.toLocaleString('en-US');

/** The card brand as a person writes it ("visa" -> "Visa", "amex" -> "American Express"). */
export function cardBrandName(brand: string): string {
  const known: Record<string, string> = {
    amex: 'American Express',
    diners: 'Diners Club',
    discover: 'Discover',
    jcb: 'JCB',
    mastercard: 'Mastercard',
    unionpay: 'UnionPay',
    visa: 'Visa',
  };
  return known[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

export interface CardUsed {
  brand: string;
  last4: string;
}

export const ledgerDescriptions = {
  /** "Purchased 5,000 tokens (Visa 4242)" */
  purchase: (tokens: number, card: CardUsed | undefined) =>
    `Purchased ${count(tokens)} tokens${card ? ` (${cardBrandName(card.brand)} ${card.last4})` : ''}`,
  /** "Events for Music: 12 new", "Brands for Drums / Snares: 12 new", "Models of Yamaha: 30 new" */
  generation: (
    run: { type: 'Events' | 'Brands' | 'Equipments'; category: string; subcategory: string | null; brand: string | null },
    itemsAdded: number,
  ) => {
    const what =
      run.type === 'Events'
        ? `Events for ${run.category}`
        : run.type === 'Brands'
          ? `Brands for ${run.category}${run.subcategory === null ? '' : ` / ${run.subcategory}`}`
          : `Models of ${run.brand ?? 'a deleted brand'}`;
    return `${what}: ${count(itemsAdded)} new`;
  },
  seed: () => 'Starting balance',
} as const;
