import { AUTHENTICATION_FAILED_MESSAGE } from './cards';
import { checkoutRetryUrl, completeCheckout, isSessionOpen } from './checkout';
import type { LocalContext } from './context';
import { acceptCardForSubscription } from './embedded';
import { failIntent, loadIntent } from './intents';
import type { IntentObject } from './objects';
import { finishCardAuthentication } from './portal';
import { awaitsIntent } from './subscriptions';
import { withQuery } from './urls';

export type AuthenticationOutcome = 'complete' | 'fail';

/** An intent waiting on its authentication page; anything else has no such page. */
export async function waitingIntent(
  ctx: Pick<LocalContext, 'store'>,
  intentId: string,
): Promise<IntentObject | null> {
  const intent = await loadIntent(ctx.store, intentId);
  return intent?.status === 'requires_action' && intent.next_action ? intent : null;
}

/** Stripe's return_url parameters after a redirect-based confirmation. */
function returnParams(intent: IntentObject, status: 'succeeded' | 'failed'): Record<string, string> {
  const kind = intent.object === 'setup_intent' ? 'setup_intent' : 'payment_intent';
  return { [kind]: intent.id, [`${kind}_client_secret`]: intent.client_secret, redirect_status: status };
}

/**
 * The authentication page's answer. Completing it finishes what the card was for (the hosted
 * checkout, the embedded form's subscription, or the billing portal's new card); failing it leaves
 * the intent waiting for another card, with Stripe's message. Returns where the person goes next,
 * or null for an unknown page.
 */
export async function finishAuthentication(
  ctx: LocalContext,
  intentId: string,
  outcome: AuthenticationOutcome,
): Promise<string | null> {
  const intent = await waitingIntent(ctx, intentId);
  if (!intent?.next_action) return null;
  const returnUrl = intent.next_action.redirect_to_url.return_url;
  const purpose = intent.local_purpose;
  const card = intent.local_pending_card;

  if (purpose.kind === 'card_update') return finishCardAuthentication(ctx, intent, outcome);
  if (purpose.kind === 'checkout') {
    const session = await ctx.store.get('checkout.session', purpose.session_id);
    if (outcome === 'fail' || !card || !session || !isSessionOpen(session, ctx.now)) {
      await failIntent(ctx, intent, {
        code: 'payment_intent_authentication_failure',
        message: AUTHENTICATION_FAILED_MESSAGE,
      });
      return session && isSessionOpen(session, ctx.now) ? checkoutRetryUrl(ctx, session.id) : returnUrl;
    }
    return completeCheckout(ctx, session, { card, email: purpose.email, confirmedIntent: intent });
  }

  const subscription = await ctx.store.get('subscription', purpose.subscription_id);
  if (outcome === 'fail' || !card || !awaitsIntent(subscription, intent)) {
    await failIntent(ctx, intent, {
      code: 'payment_intent_authentication_failure',
      message: AUTHENTICATION_FAILED_MESSAGE,
    });
    return withQuery(returnUrl, returnParams(intent, 'failed'));
  }
  await acceptCardForSubscription(ctx, intent, card);
  return withQuery(returnUrl, returnParams(intent, 'succeeded'));
}
