import { type CardInput, cardDigits, readCard } from '@stillpoint/core';
import type { ProviderSubscriptionIntent } from '../provider';
import { createPaymentMethod, loadCustomer } from './billing';
import { DECLINED_MESSAGE, testCardBehaviour, UNKNOWN_CARD_MESSAGE } from './cards';
import { type LocalContext, LocalPaymentError } from './context';
import { failIntent, intentForClientSecret, requireAuthentication, succeedIntent } from './intents';
import type { CardDetails, IntentObject } from './objects';
import {
  activateIncomplete,
  awaitsIntent,
  createEmbeddedFormSubscription,
  saveSetupCard,
} from './subscriptions';

/** Creates the embedded form's subscription and the intent its form confirms. */
export async function createSubscriptionIntent(
  ctx: LocalContext,
  input: { customerId: string; priceId: string; trialDays: number; trialEnd?: Date | null; userId: string },
): Promise<ProviderSubscriptionIntent> {
  const customer = await ctx.store.get('customer', input.customerId);
  if (!customer) throw new LocalPaymentError(`No such customer: '${input.customerId}'`);
  const price = ctx.catalogue.get(input.priceId);
  if (!price) throw new LocalPaymentError(`No such price: '${input.priceId}'`);
  if (!price.recurring) throw new LocalPaymentError('A subscription needs a recurring price.');
  const { subscription, intent } = await createEmbeddedFormSubscription(ctx, {
    customer,
    price,
    trialDays: Math.max(0, Math.floor(input.trialDays)),
    trialEnd: input.trialEnd ? trialEndSeconds(ctx, input.trialEnd) : null,
    metadata: { userId: input.userId },
  });
  return {
    clientSecret: intent.client_secret,
    type: intent.object === 'setup_intent' ? 'setup' : 'payment',
    subscriptionId: subscription.id,
  };
}

/** A set trial end in Stripe's seconds; like Stripe, one in the past is refused. */
function trialEndSeconds(ctx: LocalContext, trialEnd: Date): number {
  const seconds = Math.floor(trialEnd.getTime() / 1000);
  if (seconds <= ctx.now) throw new LocalPaymentError('trial_end must be in the future.');
  return seconds;
}

/** What the form says when its subscription was canceled (a newer purchase began) or expired. */
export const START_AGAIN_MESSAGE = 'This subscription has expired. Please start again.';

/**
 * The card was accepted (directly, or after authentication): it becomes the customer's card, and
 * the trial gets its card or the incomplete subscription starts. Throws when the subscription no
 * longer waits for this intent.
 */
export async function acceptCardForSubscription(
  ctx: LocalContext,
  intent: IntentObject,
  card: CardDetails,
): Promise<void> {
  if (intent.local_purpose.kind !== 'subscription')
    throw new Error(`intent ${intent.id} is not a subscription's`);
  const subscription = await ctx.store.get('subscription', intent.local_purpose.subscription_id);
  if (!subscription || !awaitsIntent(subscription, intent)) throw new LocalPaymentError(START_AGAIN_MESSAGE);
  const customer = await loadCustomer(ctx, subscription.customer);
  const paymentMethod = await createPaymentMethod(ctx, customer, card);
  await succeedIntent(ctx, intent, paymentMethod.id);
  if (intent.object === 'setup_intent') await saveSetupCard(ctx, subscription, paymentMethod);
  else await activateIncomplete(ctx, subscription, paymentMethod);
}

export interface ConfirmInput extends CardInput {
  clientSecret: string;
  /** Where the authentication page sends the person back to (Stripe's return_url); this site only. */
  returnUrl?: string | undefined;
}

export type ConfirmResult =
  | { httpStatus: 200; body: { status: 'succeeded' } | { status: 'requires_action'; redirectUrl: string } }
  | {
      httpStatus: 400 | 402 | 404;
      body: { error: { message: string; code?: string; decline_code?: string; param?: string } };
    };

const paramNames = { cardNumber: 'card_number', expiry: 'expiry', cvc: 'cvc' } as const;

/**
 * The embedded form's confirmation (stripe.confirmSetup / confirmPayment, in small): the test card
 * decides whether it succeeds, is declined or needs authentication first.
 */
export async function confirmIntent(ctx: LocalContext, input: ConfirmInput): Promise<ConfirmResult> {
  const intent = await intentForClientSecret(ctx.store, input.clientSecret);
  if (intent?.local_purpose.kind !== 'subscription') {
    return {
      httpStatus: 404,
      body: {
        error: { code: 'resource_missing', message: 'No such intent: the client secret is not valid.' },
      },
    };
  }
  if (intent.status === 'succeeded') return { httpStatus: 200, body: { status: 'succeeded' } };

  const check = readCard(input, new Date(ctx.now * 1000));
  if (!check.ok) {
    const [field, message] = Object.entries(check.errors)[0] as [keyof typeof paramNames, string];
    return { httpStatus: 400, body: { error: { code: 'invalid_card', message, param: paramNames[field] } } };
  }
  const subscription = await ctx.store.get('subscription', intent.local_purpose.subscription_id);
  if (!awaitsIntent(subscription, intent)) {
    return { httpStatus: 400, body: { error: { message: START_AGAIN_MESSAGE } } };
  }

  const behaviour = testCardBehaviour(cardDigits(input));
  if (behaviour === 'declined') {
    const message = cardDigits(input) === '4000000000000002' ? DECLINED_MESSAGE : UNKNOWN_CARD_MESSAGE;
    await failIntent(ctx, intent, { code: 'card_declined', decline_code: 'generic_decline', message });
    return {
      httpStatus: 402,
      body: { error: { code: 'card_declined', decline_code: 'generic_decline', message } },
    };
  }
  if (behaviour === 'requires_authentication') {
    const returnUrl = input.returnUrl ?? `${ctx.urls.home}/`;
    if (!ctx.urls.isOwn(returnUrl)) {
      return {
        httpStatus: 400,
        body: { error: { message: 'The return URL must be on this site.', param: 'return_url' } },
      };
    }
    const waiting = await requireAuthentication(ctx, intent, check.card, returnUrl);
    return {
      httpStatus: 200,
      body: { status: 'requires_action', redirectUrl: ctx.urls.authenticate(waiting.id) },
    };
  }
  await acceptCardForSubscription(ctx, intent, check.card);
  return { httpStatus: 200, body: { status: 'succeeded' } };
}
