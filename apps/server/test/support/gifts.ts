import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { giftPurchase, redemptionCode } from '../../src/db/schema';
import { call, dataOf, type Person } from './api';
import { randomIp } from './auth';
import { until } from './webhook';

/** A valid gift checkout body for this environment; tests override one field at a time. */
export const giftBody = (config: Config, overrides: Record<string, unknown> = {}) => ({
  priceId: config.prices.gift,
  quantity: 1,
  cancelPath: '/gift',
  successPath: '/gift',
  ...overrides,
});

export interface StartedGift {
  /** The local provider's hosted checkout page. */
  url: string;
  sessionId: string;
}

/** Opens a gift checkout through the API, as /gift's Buy Gift does. */
export async function startGift(
  app: FastifyInstance,
  config: Config,
  overrides: Record<string, unknown> = {},
  options: { token?: string; ip?: string } = {},
): Promise<StartedGift> {
  const { url } = dataOf(
    'createStripeCheckoutSessionForGift',
    await call(app, 'createStripeCheckoutSessionForGift', giftBody(config, overrides), options),
  );
  const sessionId = new URL(url).pathname.split('/').at(-1) ?? '';
  return { url, sessionId };
}

/** Pays a local hosted checkout as a visitor does: their e-mail and a test card. */
export function payGift(
  app: FastifyInstance,
  url: string,
  email: string,
  cardNumber = '4242 4242 4242 4242',
) {
  return app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, cardNumber, expiry: '12 / 34', cvc: '123' }).toString(),
    remoteAddress: randomIp(),
  });
}

/** The codes of a checkout's purchase, straight from the database (unpaid ones included). */
export async function codesOfSession(db: Database, sessionId: string): Promise<string[]> {
  const rows = await db
    .select({ code: redemptionCode.code })
    .from(redemptionCode)
    .innerJoin(giftPurchase, eq(giftPurchase.id, redemptionCode.giftPurchaseId))
    .where(eq(giftPurchase.checkoutSessionId, sessionId))
    .orderBy(asc(redemptionCode.code));
  return rows.map((row) => row.code);
}

export async function purchaseOfSession(db: Database, sessionId: string) {
  const [row] = await db.select().from(giftPurchase).where(eq(giftPurchase.checkoutSessionId, sessionId));
  if (!row) throw new Error(`no gift purchase for ${sessionId}`);
  return row;
}

export async function codeRow(db: Database, code: string) {
  const [row] = await db.select().from(redemptionCode).where(eq(redemptionCode.code, code));
  return row ?? null;
}

/**
 * A paid gift, bought end to end on an app whose local provider delivers its webhooks to itself:
 * the API, the hosted page, the webhook. Answers the checkout and its codes once paid.
 */
export async function buyPaidGift(
  app: FastifyInstance,
  db: Database,
  config: Config,
  quantity = 1,
  email = 'giver@example.com',
): Promise<{ sessionId: string; codes: string[] }> {
  const { url, sessionId } = await startGift(app, config, { quantity });
  const paid = await payGift(app, url, email);
  if (paid.statusCode !== 303) throw new Error(`paying the gift: ${paid.statusCode} ${paid.body}`);
  await until(async () => (await purchaseOfSession(db, sessionId)).status === 'paid', 'the gift to be paid');
  return { sessionId, codes: await codesOfSession(db, sessionId) };
}

/** Redeems a code as the person, from an address of its own unless given. */
export const redeem = (app: FastifyInstance, person: Person, code: string, ip = randomIp()) =>
  call(app, 'redeemCode', { redemptionCode: code }, { token: person.token, ip });
