import { type VerifiedPaymentEvent, WebhookSignatureError } from './provider';
import { stripeSdk } from './stripe-sdk';

/** Stripe's own default: an event signed longer ago than this is refused as a possible replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The `stripe-signature` header for a payload: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">`.
 * The local provider signs its events with it, so they are verified exactly like Stripe's.
 */
export async function signWebhookPayload(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const Stripe = await stripeSdk();
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
}

export interface VerifyOptions {
  toleranceSeconds?: number;
  /** When the request arrived, in milliseconds; now by default. */
  receivedAtMs?: number;
}

/**
 * Checks the signature on the raw body with the SDK's helper, then reads the ids fulfilment needs.
 * A body whose signature is right but which is not an event is refused the same way: nothing in
 * it can be acted on.
 */
export async function verifyWebhookPayload(
  rawBody: string,
  signatureHeader: string | undefined,
  secret: string,
  { toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS, receivedAtMs }: VerifyOptions = {},
): Promise<VerifiedPaymentEvent> {
  if (!signatureHeader) throw new WebhookSignatureError('The webhook has no stripe-signature header.');
  const Stripe = await stripeSdk();
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      toleranceSeconds,
      undefined,
      receivedAtMs,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'unreadable';
    throw new WebhookSignatureError(`The webhook signature does not verify: ${reason}`);
  }
  return readEvent(event);
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** An expandable reference: Stripe sends an id, or the object itself when it was expanded. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (isObject(value) && typeof value.id === 'string') return value.id;
  return null;
}

function readEvent(event: unknown): VerifiedPaymentEvent {
  const data = isObject(event) && isObject(event.data) ? event.data : null;
  const object = data && isObject(data.object) ? data.object : null;
  if (
    !isObject(event) ||
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.created !== 'number' ||
    !object ||
    typeof object.object !== 'string' ||
    typeof object.id !== 'string'
  ) {
    throw new WebhookSignatureError('The webhook body is not a Stripe event.');
  }
  return {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    objectType: object.object,
    objectId: object.id,
    subscriptionId: subscriptionIdOf(object),
  };
}

function subscriptionIdOf(object: Json): string | null {
  switch (object.object) {
    case 'subscription':
      return idOf(object.id);
    case 'invoice': {
      // Since API version 2025-03-31.basil an invoice names its subscription under
      // parent.subscription_details; endpoints pinned to older versions still send `subscription`.
      const parent = isObject(object.parent) ? object.parent : null;
      const details = parent && isObject(parent.subscription_details) ? parent.subscription_details : null;
      return idOf(details?.subscription) ?? idOf(object.subscription);
    }
    case 'checkout.session':
      return idOf(object.subscription);
    default:
      return null;
  }
}
