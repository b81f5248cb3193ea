import { describe, expect, it } from 'vitest';
import { cardBrandName, describeCard, formatExpiry } from './payment-methods';

describe('card display', () => {
  it('names the brands Stripe reports, and falls back to "Card"', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('maestro')).toBe('Maestro');
    expect(cardBrandName('unknown')).toBe('Card');
    expect(cardBrandName(undefined)).toBe('Card');
  });

  it('shows the expiry as MM/YYYY', () => {
    expect(formatExpiry(4, 2031)).toBe('04/2031');
    expect(formatExpiry(12, 2029)).toBe('12/2029');
  });

  it('describes a card by brand and last 4 digits', () => {
    expect(describeCard({ brand: 'mastercard', last4: '4444' })).toBe('Mastercard ending in 4444');
  });
});
