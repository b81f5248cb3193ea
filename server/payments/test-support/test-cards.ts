/**
 * Stripe's documented test card numbers, and what the fake does with each (https://docs.stripe.com/testing).
 * Any other number that passes the Luhn check is a card that works.
 */
export const testCards = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  /** Refused when the card is saved (SetupIntent confirmation). */
  declinedOnSetup: '4000000000000002',
  /** Saved fine; every charge is declined. */
  declinedOnCharge: '4000000000000341',
  /** Saved fine; charges fail for insufficient funds. */
  insufficientFunds: '4000000000009995',
  /** Fails the Luhn check: Stripe.js refuses it before anything is sent. */
  incorrectNumber: '4242424242424241',
} as const;

export interface CardFailure {
  code: string;
  decline_code?: string;
  message: string;
}

export const cardDeclined: CardFailure = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
export const insufficientFunds: CardFailure = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

/** What saving this card does: nothing (fine) or a failure. */
export function setupFailure(number: string): CardFailure | undefined {
  return number === testCards.declinedOnSetup ? cardDeclined : undefined;
}

/** What charging this card does: nothing (fine) or a failure. */
export function chargeFailure(number: string): CardFailure | undefined {
  if (number === testCards.declinedOnSetup || number === testCards.declinedOnCharge) return cardDeclined;
  if (number === testCards.insufficientFunds) return insufficientFunds;
  return undefined;
}
