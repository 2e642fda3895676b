import { messages, readCard, TEST_CARDS } from '@stillpoint/core';
import type { installFakeServer } from './fake-server';
import { FAKE_PAYMENT_CONFIG } from './subscriptions';

type FakeServer = ReturnType<typeof installFakeServer>;

export const FAKE_SUBSCRIPTION_ID = 'sub_test_1';
export const FAKE_AUTHENTICATE_URL = 'http://localhost:3000/local-pay/authenticate/pi_test_1';
export const FAKE_DEEP_LINK_URL = 'http://localhost:3000/l/AbCdEf1234';

interface FakePaymentsOptions {
  /** The person holds a live web subscription already. */
  hasActiveSubscription?: boolean;
  /** Whether the checkout trial is still theirs to take (the server answers 'setup' then). */
  trialAvailable?: boolean;
}

/**
 * The embedded form's calls as the server and the local provider answer them: the customer, the
 * subscription intent (a 409 for someone subscribed), the confirm call deciding by test card as
 * the local provider does, and the deep link made after a purchase.
 */
export function installFakePayments(server: FakeServer, options: FakePaymentsOptions = {}) {
  const state = {
    active: options.hasActiveSubscription ?? false,
    trialAvailable: options.trialAvailable ?? true,
  };
  const ok = (data: unknown) => ({ body: { success: true, data } });
  const behaviour = (number: string) =>
    TEST_CARDS.find((card) => card.number.replace(/ /g, '') === number.replace(/\D/g, ''))?.behaviour ??
    'declined';

  server.route('POST /api/getStripeCustomer', () =>
    ok({ customerId: 'cus_test_1', hasActiveSubscriptions: state.active }),
  );
  server.route('POST /api/createStripeCustomer', () => ok({ customerId: 'cus_test_1' }));
  server.route('POST /api/getStripeSubscriptionIntent', ({ body }) => {
    if (state.active) {
      return { status: 409, body: { success: false, code: 'CONFLICT', error: messages.alreadySubscribed } };
    }
    const { priceId, numTrialDays } = body as { priceId: string; numTrialDays: number };
    if (!Object.values(FAKE_PAYMENT_CONFIG.prices).includes(priceId)) {
      return { status: 400, body: { success: false, code: 'BAD_REQUEST', error: 'priceId: unknown' } };
    }
    const type = numTrialDays > 0 && state.trialAvailable ? 'setup' : 'payment';
    return ok({
      clientSecret: `${type === 'setup' ? 'seti' : 'pi'}_test_1_secret_abc`,
      type,
      subscriptionId: FAKE_SUBSCRIPTION_ID,
    });
  });
  server.route('POST /local-pay/api/confirm', ({ body }) => {
    const card = body as { cardNumber: string; expiry: string; cvc: string };
    const check = readCard(card);
    if (!check.ok) {
      return {
        status: 400,
        body: { error: { code: 'invalid_card', message: Object.values(check.errors)[0] } },
      };
    }
    const outcome = behaviour(card.cardNumber);
    if (outcome === 'declined') {
      return { status: 402, body: { error: { code: 'card_declined', message: 'Your card was declined.' } } };
    }
    if (outcome === 'requires_authentication') {
      return { body: { status: 'requires_action', redirectUrl: FAKE_AUTHENTICATE_URL } };
    }
    state.active = true;
    return { body: { status: 'succeeded' } };
  });
  server.route('POST /api/createDeepLink', ({ body }) => {
    const { desktopUrl, iosUrl } = body as { desktopUrl: string; iosUrl: string };
    return ok({
      code: 'AbCdEf1234',
      url: FAKE_DEEP_LINK_URL,
      desktopUrl,
      iosUrl,
      suggestedAuthMethod: 'PHONE_NUMBER',
    });
  });
  return state;
}
