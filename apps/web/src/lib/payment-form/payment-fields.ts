import type { Price, SubscriptionIntent } from '@stillpoint/core';
import type { RefObject } from 'react';

/** How a confirmation ended, in the form's terms. */
export type ConfirmOutcome =
  | { kind: 'succeeded' }
  /** The provider needs the person on another page (authentication); it returns with ssid. */
  | { kind: 'redirecting' }
  /** message: the provider's own words for a card problem, or null for anything unexpected. */
  | { kind: 'failed'; message: string | null };

/**
 * What the payment form asks of a backend's fields (Stripe's Elements or the local card fields).
 * Both backends run the same form, so a purchase takes the same steps offline as with Stripe.
 */
export interface PaymentFieldsController {
  /**
   * Checks what was entered (Stripe: elements.submit()). Returns the provider's message for
   * what is wrong, '' when something is wrong without a message, or null when all is well.
   */
  validate(): Promise<string | null>;
  /** Confirms the intent the server created: a card set up for a trial, or the first payment. */
  confirm(intent: SubscriptionIntent, returnUrl: string): Promise<ConfirmOutcome>;
}

export interface PaymentFieldsProps {
  price: Price;
  /** 'setup' when the purchase starts with free days (a card is saved), else a payment now. */
  mode: 'setup' | 'payment';
  /** Whether the card fields are shown; they are mounted, and so can be ready, either way. */
  cardVisible: boolean;
  controller: RefObject<PaymentFieldsController | null>;
  onReady(): void;
  onCompleteChange(complete: boolean): void;
  /** Known once the provider has said whether Apple Pay or Google Pay can be offered here. */
  onExpressAvailability(available: boolean): void;
  /**
   * The person approved an express payment: the form runs the purchase as for a card, and calls
   * `failed` on any way it does not go through, so the wallet's sheet closes with a failure.
   */
  onExpressConfirm(failed: () => void): void;
  /** The fields could not be loaded at all (Stripe.js unreachable, a bad key). */
  onLoadError(): void;
}
