import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localWebhookSecret } from '../src/integrations/payments/local/webhook-secret';
import { WebhookSignatureError } from '../src/integrations/payments/provider';
import { createStripeProvider } from '../src/integrations/payments/stripe/stripe-provider';
import { signWebhookPayload, verifyWebhookPayload } from '../src/integrations/payments/webhook-signature';
import {
  card,
  type LocalPaymentsHarness,
  pathOf,
  postForm,
  startLocalPayments,
} from './support/local-payments';

const SECRET = 'whsec_test_signature_secret';
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's documented scheme, computed independently of the SDK: v1 = HMAC-SHA256(secret, "t.payload"). */
const stripeHeader = (payload: string, secret: string, timestamp: number) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

const event = (object: Record<string, unknown>, type = 'customer.subscription.updated') =>
  JSON.stringify({ id: 'evt_1', object: 'event', type, created: 1_767_225_600, data: { object } });

describe('payment webhook signatures', () => {
  it("signs with Stripe's scheme (t=…,v1=HMAC-SHA256)", async () => {
    const payload = event({ id: 'sub_1', object: 'subscription' });
    const timestamp = nowSeconds();
    expect(await signWebhookPayload(payload, SECRET, timestamp)).toBe(
      stripeHeader(payload, SECRET, timestamp),
    );
  });

  it('verifies a signed event and reads the ids fulfilment needs', async () => {
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ id: 'sub_1', object: 'subscription', status: 'active' }, 'subscription', 'sub_1'],
      [
        {
          id: 'in_1',
          object: 'invoice',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: 'sub_2', metadata: {} },
          },
        },
        'invoice',
        'sub_2',
      ],
      // An endpoint pinned to an API version before 2025-03-31.basil still gets the old field.
      [{ id: 'in_2', object: 'invoice', subscription: 'sub_3' }, 'invoice', 'sub_3'],
      [
        { id: 'cs_1', object: 'checkout.session', subscription: { id: 'sub_4', object: 'subscription' } },
        'checkout.session',
        'sub_4',
      ],
      [
        { id: 'cs_2', object: 'checkout.session', mode: 'payment', subscription: null },
        'checkout.session',
        null,
      ],
      [{ id: 'pi_1', object: 'payment_intent' }, 'payment_intent', null],
    ];
    for (const [object, objectType, subscriptionId] of cases) {
      const payload = event(object);
      const verified = await verifyWebhookPayload(
        payload,
        stripeHeader(payload, SECRET, nowSeconds()),
        SECRET,
      );
      expect(verified).toEqual({
        id: 'evt_1',
        type: 'customer.subscription.updated',
        created: new Date(1_767_225_600 * 1000),
        objectType,
        objectId: object.id,
        subscriptionId,
      });
    }
  });

  it('refuses a tampered body, a wrong secret, a missing or garbled header and a stale timestamp', async () => {
    const payload = event({ id: 'sub_1', object: 'subscription', status: 'active' });
    const header = await signWebhookPayload(payload, SECRET);
    const refused = (body: string, signature: string | undefined, secret = SECRET, receivedAtMs?: number) =>
      expect(
        verifyWebhookPayload(body, signature, secret, receivedAtMs ? { receivedAtMs } : {}),
      ).rejects.toThrow(WebhookSignatureError);

    await refused(payload.replace('"active"', '"canceled"'), header);
    await refused(`${payload} `, header);
    await refused(payload, header, 'whsec_other_secret');
    await refused(payload, undefined);
    await refused(payload, '');
    await refused(payload, 'v1=abc');
    await refused(payload, header.replace(/v1=[0-9a-f]{4}/, 'v1=0000'));
    // Signed six minutes before it arrived: older than Stripe's 300 s tolerance.
    const old = nowSeconds() - 360;
    await refused(payload, stripeHeader(payload, SECRET, old));
    // Within the tolerance it passes.
    expect(
      (await verifyWebhookPayload(payload, stripeHeader(payload, SECRET, nowSeconds() - 240), SECRET)).id,
    ).toBe('evt_1');
    // A replay is judged by when it arrives.
    await refused(payload, header, SECRET, Date.now() + 301_000);
  });

  it('accepts a header with several signatures when one is right (a secret being rolled)', async () => {
    const payload = event({ id: 'sub_1', object: 'subscription' });
    const timestamp = nowSeconds();
    const good = stripeHeader(payload, SECRET, timestamp).split(',')[1];
    const header = `t=${timestamp},v1=${'0'.repeat(64)},${good}`;
    expect((await verifyWebhookPayload(payload, header, SECRET)).objectId).toBe('sub_1');
  });

  it('refuses a correctly signed body that is not an event', async () => {
    for (const payload of [
      'not json',
      '{"id":"evt_1"}',
      JSON.stringify({ id: 'evt_1', type: 'x', created: 1, data: {} }),
    ]) {
      await expect(
        verifyWebhookPayload(payload, await signWebhookPayload(payload, SECRET), SECRET),
      ).rejects.toThrow(WebhookSignatureError);
    }
  });

  it('the Stripe provider verifies with its configured webhook secret', async () => {
    const provider = createStripeProvider({
      secretKey: 'sk_test_unused',
      webhookSecret: SECRET,
      portalConfigurationId: null,
      sandbox: true,
    });
    const payload = event({ id: 'sub_9', object: 'subscription' });
    const verified = await provider.verifyWebhook(payload, await signWebhookPayload(payload, SECRET));
    expect(verified.subscriptionId).toBe('sub_9');
    await expect(
      provider.verifyWebhook(payload, await signWebhookPayload(payload, 'whsec_other')),
    ).rejects.toThrow(WebhookSignatureError);
  });

  describe('the local provider', () => {
    let h: LocalPaymentsHarness;
    beforeAll(async () => {
      h = await startLocalPayments();
    });
    afterAll(async () => h.close());

    it("signs every event it delivers with its database's secret, and verifies them like Stripe's", async () => {
      const customer = await h.provider.createCustomer({ email: 'sig@example.com', userId: 'user-sig' });
      const session = await h.provider.createCheckoutSession({
        mode: 'subscription',
        priceId: h.config.prices.annual,
        quantity: 1,
        customerId: customer.id,
        trialDays: 7,
        paymentMethodCollection: 'always',
        successUrl: `${h.config.publicUrl}/ok`,
        cancelUrl: `${h.config.publicUrl}/no`,
        metadata: {},
      });
      const mark = h.webhooks.mark();
      await postForm(h.app, pathOf(session.url ?? ''), card.succeeds);
      const delivered = h.webhooks.since(mark);
      expect(delivered.length).toBeGreaterThan(0);
      const subscriptionId = (await h.provider.retrieveCheckoutSession(session.id))?.subscriptionId;
      for (const { payload, signature, event: sent } of delivered) {
        const verified = await h.provider.verifyWebhook(payload, signature);
        expect(verified.id).toBe(sent.id);
        expect(verified.id).toMatch(/^evt_local_[0-9A-Za-z]{24}$/);
        expect(verified.subscriptionId).toBe(sent.type.startsWith('setup_intent') ? null : subscriptionId);
        // Independently: Stripe's scheme with the secret kept in the database.
        const timestamp = Number(/^t=(\d+),/.exec(signature)?.[1]);
        expect(signature).toBe(stripeHeader(payload, await localWebhookSecret(h.database.db), timestamp));
        await expect(
          h.provider.verifyWebhook(payload.replace('"livemode":false', '"livemode":true'), signature),
        ).rejects.toThrow(WebhookSignatureError);
      }
    });
  });
});
