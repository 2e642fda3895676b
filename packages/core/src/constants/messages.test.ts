import { describe, expect, it } from 'vitest';
import { messages } from './messages';

// An API `error` string the apps match on (SPEC §7): its words stay the SPEC's, and no page shows it.
const API_WORDING: readonly (keyof typeof messages)[] = ['alreadySubscribed'];

describe('messages', () => {
  it('are written in sentence case, as a person would write them', () => {
    const shown = Object.entries(messages).filter(
      ([key]) => !API_WORDING.includes(key as keyof typeof messages),
    );
    for (const [key, text] of shown) {
      expect({ key, first: text.charAt(0) }).toEqual({ key, first: text.charAt(0).toUpperCase() });
    }
  });

  it('say what went wrong and what to do, not only that something did', () => {
    expect(messages.newsletterInvalidEmail).toBe('Enter an e-mail address like name@example.com.');
    expect(messages.paymentFailed).toMatch(/^Payment failed\. .*try again\.$/);
    expect(messages.missingUser).toBe('Sign in to continue to payment.');
    expect(messages.stripeSuccess).toBe('Thanks for starting your subscription!');
  });

  it('keeps the API wording the apps match on', () => {
    expect(messages.alreadySubscribed).toBe('user already has active subscription');
  });
});
