// c. A payment webhook delivered to both instances at once fulfils once. A person buys a plan
// through the proxy (the local payment provider, which signs its webhooks as Stripe does). Then,
// as if the provider's deliveries had been lost, the server's record of that subscription is
// removed, and a new signed event about it is delivered to each instance directly, twice each,
// all at the same moment. Fulfilment records the event id in the transaction that grants, so
// exactly one delivery fulfils and the others are duplicates.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { loopbackVisitor, request } from '../http-client.mjs';
import { logRecords } from '../instances.mjs';
import { waitUntil } from '../processes.mjs';
import { bearer, signIn } from '../sign-in.mjs';

const DELIVERIES_PER_INSTANCE = 2;

export async function checkWebhookFulfilsOnce({ proxyUrl, instances, db }) {
  const visitor = loopbackVisitor();
  const { token, userId } = await signIn({ proxyUrl, instances, visitor });
  const subscriptionId = await buyAnnualPlan({ proxyUrl, token, userId, visitor, db });

  // The provider has the subscription; the server forgets it and what it granted.
  await db.query('delete from entitlement where user_id = $1 and source_ref = $2', [userId, subscriptionId]);
  await db.query('delete from payment_subscription where id = $1', [subscriptionId]);

  const { rows: objects } = await db.query(
    `select data from local_payment_object where id = $1 and type = 'subscription'`,
    [subscriptionId],
  );
  const event = {
    id: `evt_cluster_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: objects[0].data },
  };
  const payload = JSON.stringify(event);
  const signature = sign(payload, await localWebhookSecret(db));

  // Connections opened beforehand, so the deliveries leave together rather than one connect apart.
  const agents = instances.map(
    () => new http.Agent({ keepAlive: true, maxSockets: DELIVERIES_PER_INSTANCE }),
  );
  const targets = instances.flatMap((instance, index) =>
    Array.from({ length: DELIVERIES_PER_INSTANCE }, () => ({ instance, agent: agents[index] })),
  );
  await Promise.all(targets.map(({ instance, agent }) => request(`${instance.url}/api/healthz`, { agent })));
  const answers = await Promise.all(
    targets.map(({ instance, agent }) =>
      request(`${instance.url}/api/webhooks/payments`, {
        method: 'POST',
        headers: { 'stripe-signature': signature },
        body: payload,
        agent,
      }),
    ),
  );
  for (const agent of agents) agent.destroy();
  if (answers.some((answer) => answer.status !== 200)) {
    throw new Error(`a delivery was not acknowledged: ${answers.map((answer) => answer.status).join(', ')}`);
  }

  const outcomes = await waitUntil(
    async () => {
      const handled = instances.flatMap((instance) =>
        logRecords(instance, 'payment webhook handled')
          .filter((record) => record.eventId === event.id)
          .map((record) => ({ instance: instance.name, outcome: record.outcome })),
      );
      return handled.length === targets.length ? handled : null;
    },
    'both instances to log the deliveries',
    { timeoutMs: 10_000 },
  );
  const fulfilled = outcomes.filter((entry) => entry.outcome === 'fulfilled');
  const duplicates = outcomes.filter((entry) => entry.outcome === 'duplicate');
  const count = async (sql, values) => (await db.query(sql, values)).rows[0].count;
  const processed = await count(
    'select count(*)::int as count from processed_payment_event where event_id = $1',
    [event.id],
  );
  const entitlements = await count(
    'select count(*)::int as count from entitlement where user_id = $1 and source_ref = $2',
    [userId, subscriptionId],
  );
  const mirrored = await count('select count(*)::int as count from payment_subscription where id = $1', [
    subscriptionId,
  ]);
  if (fulfilled.length !== 1 || duplicates.length !== targets.length - 1) {
    throw new Error(
      `expected 1 fulfilment and ${targets.length - 1} duplicates: ${JSON.stringify(outcomes)}`,
    );
  }
  if (processed !== 1 || entitlements !== 1 || mirrored !== 1) {
    throw new Error(
      `expected one row each; processed_payment_event ${processed}, entitlement ${entitlements}, payment_subscription ${mirrored}`,
    );
  }
  return `one signed event delivered ${targets.length} times at once (${DELIVERIES_PER_INSTANCE} to each instance), all answered 200: fulfilled once (by ${fulfilled[0].instance}), ${duplicates.length} duplicates; 1 processed_payment_event row, the entitlement granted again once`;
}

/** Hosted checkout of the annual plan, paid with the test card on the local provider's page. */
async function buyAnnualPlan({ proxyUrl, token, userId, visitor, db }) {
  const config = await request(`${proxyUrl}/api/getPaymentConfig`, { localAddress: visitor });
  const priceId = config.json?.data?.prices?.annual;
  if (config.json?.data?.provider !== 'local' || !priceId) {
    throw new Error(`expected the local payment provider: ${config.text}`);
  }
  const query = new URLSearchParams({ priceId, cancelPath: '/subscription', successPath: '/subscription' });
  const checkout = await request(`${proxyUrl}/api/createStripeCheckoutSessionForSubscription?${query}`, {
    headers: bearer(token),
    localAddress: visitor,
  });
  const checkoutUrl = checkout.json?.data?.url;
  if (checkout.status !== 200 || !checkoutUrl)
    throw new Error(`no checkout: ${checkout.status} ${checkout.text}`);
  const paid = await request(`${proxyUrl}${new URL(checkoutUrl).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'cluster@example.com',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    }).toString(),
    localAddress: visitor,
  });
  if (paid.status !== 303) throw new Error(`paying answered ${paid.status}: ${paid.text.slice(0, 200)}`);
  // The provider's own webhooks fulfil the purchase first: wait for the grant they make.
  return waitUntil(
    async () => {
      const { rows } = await db.query(
        'select s.id from payment_subscription s join entitlement e on e.source_ref = s.id where s.user_id = $1',
        [userId],
      );
      return rows[0]?.id ?? null;
    },
    'the purchase to be fulfilled',
    { timeoutMs: 15_000 },
  );
}

/**
 * The local provider's signing secret: made at random once per database and kept there (the
 * provider's webhook_endpoint object), so both instances, and this check, read the same one.
 */
async function localWebhookSecret(db) {
  const { rows } = await db.query(
    `select data->>'secret' as secret from local_payment_object where type = 'webhook_endpoint'`,
  );
  if (!rows[0]?.secret) throw new Error('the local payment provider has no webhook secret yet');
  return rows[0].secret;
}

/** Stripe's signature scheme: t=<seconds>,v1=<HMAC-SHA256 of "t.payload">. */
function sign(payload, secret) {
  const timestamp = Math.floor(Date.now() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}
