/**
 * The card form's checks, with the messages Stripe's card form shows. The local payment provider
 * applies them to what it is sent, and the web app's local card fields use them to say, while
 * the person types, whether the details are complete.
 */

/** What a person types: the hosted page's fields and the embedded form's confirm call alike. */
export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardInput;
export type CardErrors = Partial<Record<CardField, string>>;

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export type CardCheck = { ok: true; card: CardDetails } | { ok: false; errors: CardErrors };

export type TestCardBehaviour = 'succeeds' | 'declined' | 'requires_authentication';

/** Stripe's test card numbers that this provider honours, in the order the pages list them. */
export const TEST_CARDS: readonly { number: string; behaviour: TestCardBehaviour; description: string }[] = [
  { number: '4242 4242 4242 4242', behaviour: 'succeeds', description: 'succeeds' },
  { number: '4000 0000 0000 0002', behaviour: 'declined', description: 'is declined' },
  {
    number: '4000 0025 0000 3155',
    behaviour: 'requires_authentication',
    description: 'asks for authentication first',
  },
  { number: '5555 5555 5555 4444', behaviour: 'succeeds', description: 'succeeds (Mastercard)' },
];

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * Reads the three card fields with the messages Stripe's card form shows. Spaces (and dashes) in
 * the number are allowed; the expiry is MM / YY, with or without the slash and spaces.
 */
export function readCard(input: CardInput, now = new Date()): CardCheck {
  const errors: CardErrors = {};

  const digits = input.cardNumber.replace(/[\s-]/g, '');
  let brand = 'unknown';
  if (digits === '' || (/^\d+$/.test(digits) && digits.length < 13)) {
    errors.cardNumber = 'Your card number is incomplete.';
  } else if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) {
    errors.cardNumber = 'Your card number is invalid.';
  } else {
    brand = brandOf(digits);
  }

  let expMonth = 0;
  let expYear = 0;
  const parts = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!parts) {
    errors.expiry =
      input.expiry.replace(/\D/g, '').length < 4
        ? "Your card's expiration date is incomplete."
        : "Your card's expiration date is invalid.";
  } else {
    expMonth = Number(parts[1]);
    const year = parts[2] ?? '';
    expYear = year.length === 2 ? 2000 + Number(year) : Number(year);
    const thisYear = now.getUTCFullYear();
    if (expMonth < 1 || expMonth > 12) {
      errors.expiry = "Your card's expiration date is invalid.";
    } else if (expYear < thisYear || (expYear === thisYear && expMonth < now.getUTCMonth() + 1)) {
      errors.expiry = "Your card's expiration date is in the past.";
    } else if (expYear > thisYear + 50) {
      errors.expiry = "Your card's expiration year is invalid.";
    }
  }

  const cvc = input.cvc.trim();
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!/^\d*$/.test(cvc)) {
    errors.cvc = "Your card's security code is invalid.";
  } else if (cvc.length < cvcLength) {
    errors.cvc = "Your card's security code is incomplete.";
  } else if (cvc.length > 4) {
    errors.cvc = "Your card's security code is invalid.";
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { brand, last4: digits.slice(-4), exp_month: expMonth, exp_year: expYear } };
}

/** The digits of the card number, without the spaces and dashes people type. */
export const cardDigits = (input: CardInput): string => input.cardNumber.replace(/[\s-]/g, '');
