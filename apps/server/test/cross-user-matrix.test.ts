import { randomUUID } from 'node:crypto';
import { type EndpointName, endpoints, epochSeconds, utcUserDay } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callOk } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { bearer } from './support/auth';
import { type PersonWithData, personWithData } from './support/person-with-data';
import { inputFieldNames } from './support/schema-fields';
import { changedTables, tableDigest } from './support/table-digest';

/** What a person owns that a call can name by id. */
interface OwnedIds {
  siteId: string;
  sessionId: string;
  interceptId: string;
  userId: string;
}

/**
 * Whose thing each id-like input field of the registry names. `owned`: something of one person,
 * which no one else may read or change. `capability`: possession is the permission, by design.
 * `notPersonal`: an id of the catalogue or of an anonymous visitor, not of a person's data.
 */
type IdRole =
  | { owned: keyof OwnedIds }
  | { capability: string }
  | { notPersonal: string }
  /** Named only by `auth: 'admin'` calls: support acts on anyone's (test/admin-access.test.ts). */
  | { adminOnly: string };

const idRoles: Record<string, IdRole> = {
  siteId: { owned: 'siteId' },
  id: { owned: 'sessionId' },
  interceptId: { owned: 'interceptId' },
  userId: { owned: 'userId' },
  referringUserId: { capability: 'a referral link names who shared it; whoever opens it reports a view' },
  referralViewId: { capability: "a view id is handed to the visitor's own page to report its click" },
  sessionId: {
    capability: "a gift checkout's id is in the buyer's success URL and shows the buyer the code",
  },
  redemptionCode: { capability: 'a gift code is redeemed by whoever holds it' },
  code: { capability: 'a deep link is opened by whoever holds it' },
  token: { capability: 'a one-time extension hand-over token, bound to the session that minted it' },
  eventId: { notPersonal: "the ad pixel's deduplication id of an anonymous event" },
  installRef: { notPersonal: 'an opaque reference to an extension install, tied to no account' },
  priceId: { notPersonal: 'a price of the catalogue' },
  pixelCode: { notPersonal: 'the ad pixel of the site' },
  supportedAppId: { notPersonal: 'an app of the supported-apps catalogue' },
  entitlementId: { adminOnly: 'a support grant the console revokes' },
  paymentId: { adminOnly: 'a payment the console refunds' },
  giftPurchaseId: { adminOnly: 'a gift purchase whose e-mail the console resends' },
};

const ID_LIKE = /(^id$|Id$|Ids$|^code$|Code$|^token$|Token$|Ref$)/;

interface RequestContext {
  today: number;
  priceId: string;
}

/** A valid input for each call that takes an owned id; a call left out fails the matrix. */
const requests: Partial<Record<EndpointName, (ids: OwnedIds, context: RequestContext) => unknown>> = {
  archiveBrowserSite: ({ siteId }) => ({ siteId }),
  updateBrowserCustomSite: ({ siteId }) => ({ siteId, budget: 7 }),
  startBrowserSiteSession: ({ sessionId, siteId }, { today }) => ({
    id: sessionId,
    siteId,
    lengthInMilliseconds: 60_000,
    timeStarted: epochSeconds(new Date()),
    userDay: today,
  }),
  reportInterceptOutcomes: ({ interceptId, siteId }, { today }) => ({
    outcomes: [{ interceptId, siteId, outcome: 'nevermind', occurredAt: Date.now(), userDay: today }],
  }),
  getStripeCustomer: ({ userId }) => ({ userId }),
  createStripeCustomer: ({ userId }) => ({ userId }),
  getStripeSubscriptionIntent: ({ userId }, { priceId }) => ({ userId, priceId, numTrialDays: 0 }),
};

const ownedFieldsOf = (name: EndpointName): (keyof OwnedIds)[] =>
  [...inputFieldNames(endpoints[name])].flatMap((field) => {
    const role = idRoles[field];
    return role && 'owned' in role ? [role.owned] : [];
  });

const endpointNames = Object.keys(endpoints) as EndpointName[];

// Person B calls every call that takes an id with person A's ids, one field at a time. Each is
// refused as not found (or forbidden), nothing anywhere changes, and the same call with B's own
// ids succeeds, so the refusal is about the owner and not a malformed request.
describe('cross-user matrix', () => {
  let t: TestApp;
  let context: RequestContext;
  beforeAll(async () => {
    t = await createTestApp();
    const config = await callOk(t.app, 'getPaymentConfig', undefined, '');
    context = { today: utcUserDay(new Date()), priceId: config.prices.annual };
  });
  afterAll(() => t.close());

  /** A person who uses the product (sites, a running session, a settled pause) and their ids. */
  async function personWithIds(): Promise<PersonWithData & { ids: OwnedIds }> {
    const person = await personWithData(t.app, testConfig().publicUrl);
    const [siteId] = person.siteIds;
    const [sessionId] = person.sessionIds;
    const [interceptId] = person.interceptIds;
    if (!siteId || !sessionId || !interceptId) throw new Error('the person has no site, session or pause');
    return { ...person, ids: { siteId, sessionId, interceptId, userId: person.uid } };
  }

  it('knows whose thing every id-like field of the registry names', () => {
    const unclassified = endpointNames.flatMap((name) =>
      [...inputFieldNames(endpoints[name])]
        .filter((field) => ID_LIKE.test(field) && !idRoles[field])
        .map((field) => `${name}.${field}`),
    );
    expect(unclassified, 'add each to idRoles, saying whose thing it names').toEqual([]);
  });

  it('lets only admin calls take the ids that only support may name', () => {
    const wrong = endpointNames.filter(
      (name) =>
        endpoints[name].auth !== 'admin' &&
        [...inputFieldNames(endpoints[name])].some((field) => {
          const role = idRoles[field];
          return role !== undefined && 'adminOnly' in role;
        }),
    );
    expect(wrong).toEqual([]);
  });

  it('has a request for every call that takes an owned id', () => {
    const withoutRequest = endpointNames.filter((name) => ownedFieldsOf(name).length > 0 && !requests[name]);
    expect(withoutRequest).toEqual([]);
    expect(Object.keys(requests).length).toBeGreaterThanOrEqual(7);
  });

  const cases = endpointNames.flatMap((name) => ownedFieldsOf(name).map((field) => [name, field] as const));

  it.each(cases)("refuses %s with the other person's %s and changes nothing", async (name, field) => {
    const alice = await personWithIds();
    const bob = await personWithIds();
    const request = requests[name];
    if (!request) throw new Error(`no request for ${name}`);
    // Bob's own ids, except that a call creating something with a client-made id gets a new one,
    // on a site with no session running.
    const own: OwnedIds = {
      ...bob.ids,
      siteId: bob.siteIds.at(-1) ?? bob.ids.siteId,
      sessionId: randomUUID(),
      interceptId: randomUUID(),
    };
    const crossed: OwnedIds = { ...own, [field]: alice.ids[field] };

    const before = await tableDigest(t.database.db);
    const res = await call(t.app, name, request(crossed, context), { token: bob.token });
    expect([403, 404], `${name} with Alice's ${field}: ${res.body}`).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.body).not.toContain(alice.ids[field]);
    expect(changedTables(before, await tableDigest(t.database.db))).toEqual([]);

    const control = await call(t.app, name, request(own, context), { token: bob.token });
    expect(control.statusCode, `${name} with Bob's own ids: ${control.body}`).toBe(200);
  });

  const userReads = endpointNames.filter(
    (name) => endpoints[name].method === 'GET' && endpoints[name].auth === 'user',
  );

  it.each(userReads)("answers %s without any of the other person's ids", async (name) => {
    const alice = await personWithIds();
    const bob = await personWithIds();
    const query = inputFieldNames(endpoints[name]).has('userDay') ? { userDay: context.today } : undefined;
    const res = await call(t.app, name, query, { token: bob.token });
    for (const id of Object.values(alice.ids)) expect(res.body, name).not.toContain(id);
  });

  it("refuses to sign out another person's session by its id", async () => {
    const alice = await personWithIds();
    const bob = await personWithIds();
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/auth/list-sessions',
      headers: bearer(alice.token),
    });
    const [aliceSession] = sessions.json() as { id: string }[];
    if (!aliceSession) throw new Error('Alice has no session');

    const before = await tableDigest(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: { ...bearer(bob.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ id: aliceSession.id }),
    });
    expect(res.statusCode).toBe(404);
    expect(changedTables(before, await tableDigest(t.database.db))).toEqual([]);
    expect((await call(t.app, 'getUser', undefined, { token: alice.token })).statusCode).toBe(200);
  });
});
