import { type CardInput, messages, TEST_CARDS, type TestCardBehaviour } from '@stillpoint/core';

/** Stripe's text for a declined test card, word for word. */
export const DECLINED_MESSAGE = 'Your card was declined.';
/** Stripe's text when a person fails or abandons 3D Secure. */
export const AUTHENTICATION_FAILED_MESSAGE = messages.authenticationFailed;

const behaviourByNumber = new Map(TEST_CARDS.map((card) => [card.number.replace(/ /g, ''), card.behaviour]));

/** Any other valid number is refused, as test mode refuses real cards. */
export const testCardBehaviour = (number: string): TestCardBehaviour =>
  behaviourByNumber.get(number) ?? 'declined';

export const UNKNOWN_CARD_MESSAGE = `${DECLINED_MESSAGE} This is test mode: use one of the test cards, such as 4242 4242 4242 4242.`;

export const isBlankCard = (input: CardInput): boolean =>
  [input.cardNumber, input.expiry, input.cvc].every((value) => value.trim() === '');
