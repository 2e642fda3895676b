import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditEvent, entitlement, feedbackMessage } from '../src/db/schema';
import { call, callOk, dataOf, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { freshPhoneNumber, outbox } from './support/auth';
import { buyPaidGift, payGift, purchaseOfSession, redeem, startGift } from './support/gifts';
import { until } from './support/webhook';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

// The support console's calls (docs/support.md), each as an admin uses it.
describe('admin actions', () => {
  let t: TestApp;
  let admin: Person;
  const adminPhone = freshPhoneNumber();
  const config = testConfig();
  beforeAll(async () => {
    t = await createTestApp({
      admin: { userIds: new Set(), phoneNumbers: new Set([adminPhone]), emails: new Set() },
    });
    admin = await signUp(t.app, adminPhone);
  });
  afterAll(() => t.close());

  const asAdmin = (name: Parameters<typeof call>[1], input?: unknown) =>
    call(t.app, name, input, { token: admin.token });
  const auditRows = () => t.database.db.select().from(adminAuditEvent);

  it('grants premium with a reason: PRO in getSubscriber, and audit-logged with the end date', async () => {
    const person = await signUp(t.app);
    const until = inDays(30);
    const granted = dataOf(
      'adminGrantPremium',
      await asAdmin('adminGrantPremium', { uid: person.uid, until, reason: 'app store outage' }),
    );
    expect(granted.until).toBe(until);
    const { subscriber } = await callOk(t.app, 'getSubscriber', undefined, person.token);
    expect(subscriber.entitlements.premium?.expires_date).toBe(until);
    expect(Object.values(subscriber.subscriptions).map((s) => s.store)).toEqual(['promotional']);
    const state = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
    expect(state).toMatchObject({ name: 'premium', isExpired: false, isTrial: false });
    const [event] = (await auditRows()).filter((row) => row.targetUid === person.uid);
    expect(event).toMatchObject({
      actorUid: admin.uid,
      action: 'grantPremium',
      targetRef: granted.entitlementId,
      reason: 'app store outage',
      details: { until },
    });

    // The person view shows it as a support grant, in force, and the event.
    const view = dataOf('adminGetPerson', await asAdmin('adminGetPerson', { uid: person.uid }));
    expect(view.premium).toEqual({ active: true, until });
    expect(view.entitlements).toMatchObject([
      { id: granted.entitlementId, source: 'support', inForce: true },
    ]);
    expect(view.auditEvents.map((e) => e.action)).toEqual(['grantPremium']);

    // Revoking ends it now.
    const revoked = await asAdmin('adminRevokeGrant', {
      uid: person.uid,
      entitlementId: granted.entitlementId,
      reason: 'outage over',
    });
    expect(revoked.statusCode).toBe(200);
    const after = (await callOk(t.app, 'getSubscriber', undefined, person.token)).subscriber;
    expect(new Date(after.entitlements.premium?.expires_date ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
    const again = await asAdmin('adminRevokeGrant', {
      uid: person.uid,
      entitlementId: granted.entitlementId,
      reason: 'outage over',
    });
    expect(failureOf(again)).toMatchObject({ status: 400, error: 'That grant has already ended.' });
    expect(
      (await auditRows())
        .filter((row) => row.targetUid === person.uid)
        .map((r) => r.action)
        .sort(),
    ).toEqual(['grantPremium', 'revokeGrant']);
  });

  it('refuses a grant in the past, beyond five years or without a reason, with a 400', async () => {
    const person = await signUp(t.app);
    for (const [body, error] of [
      [{ until: inDays(-1), reason: 'late' }, 'until must be in the future'],
      [{ until: inDays(366 * 5 + 2), reason: 'forever' }, 'until must be at most 5 years from now'],
      [{ until: 'next week', reason: 'soon' }, 'until must be an ISO date and time'],
      [{ until: inDays(3), reason: ' ' }, 'reason is required'],
    ] as const) {
      const res = await asAdmin('adminGrantPremium', { uid: person.uid, ...body });
      expect(res.statusCode, error).toBe(400);
      expect(failureOf(res).error).toContain(error);
    }
    expect(await t.database.db.select().from(entitlement).where(eq(entitlement.userId, person.uid))).toEqual(
      [],
    );
  });

  it('revokes only support grants: a bought or gifted plan is refunded instead', async () => {
    const person = await signUp(t.app);
    const { codes } = await buyPaidGift(t.app, t.database.db, config);
    expect((await redeem(t.app, person, codes[0] ?? '')).statusCode).toBe(200);
    const view = dataOf('adminGetPerson', await asAdmin('adminGetPerson', { uid: person.uid }));
    const gift = view.entitlements.find((row) => row.source === 'gift');
    expect(gift).toBeDefined();
    const res = await asAdmin('adminRevokeGrant', {
      uid: person.uid,
      entitlementId: gift?.id,
      reason: 'asked',
    });
    expect(failureOf(res)).toMatchObject({ status: 400 });
    expect(failureOf(res).error).toMatch(/refund/);
  });

  it('answers 404 for an unknown person on every per-person call', async () => {
    const uid = 'no-such-person';
    for (const [name, input] of [
      ['adminGetPerson', { uid }],
      ['adminGrantPremium', { uid, until: inDays(3), reason: 'testing' }],
      ['adminRevokeGrant', { uid, entitlementId: '00000000-0000-4000-8000-000000000000', reason: 'testing' }],
      ['adminDeleteAccount', { uid, reason: 'testing', confirm: 'DELETE' }],
      ['adminResendGiftEmail', { giftPurchaseId: '00000000-0000-4000-8000-000000000000', reason: 'testing' }],
    ] as const) {
      expect(failureOf(await asAdmin(name, input)), name).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });

  it('finds people by phone as typed, e-mail, uid, gift code and payment id', async () => {
    const phone = freshPhoneNumber();
    const person = await signUp(t.app, phone);
    const typed = `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const find = async (q: string) =>
      dataOf('adminFindPeople', await asAdmin('adminFindPeople', { q })).people.map((p) => [
        p.uid,
        p.matchedBy,
      ]);
    expect(await find(typed)).toEqual([[person.uid, 'phone']]);
    expect(await find(person.uid)).toEqual([[person.uid, 'uid']]);

    const buyer = await signUp(t.app);
    const redeemer = await signUp(t.app);
    const { codes } = await buyPaidGift(t.app, t.database.db, config);
    const code = codes[0] ?? '';
    expect((await redeem(t.app, redeemer, code)).statusCode).toBe(200);
    expect(await find(code.toLowerCase())).toEqual([[redeemer.uid, 'giftCode']]);
    void buyer;

    // A payment id: the source an entitlement came from.
    await t.database.db.insert(entitlement).values({
      userId: person.uid,
      productIdentifier: 'stillpoint_monthly',
      store: 'stripe',
      purchasedAt: new Date(),
      expiresAt: new Date(Date.now() + DAY_MS),
      sourceRef: 'sub_support_lookup',
    });
    expect(await find('sub_support_lookup')).toEqual([[person.uid, 'paymentId']]);
    expect(await find('nobody@example.com')).toEqual([]);
  });

  it('resends a gift confirmation e-mail to the outbox, audit-logged without the address', async () => {
    const { sessionId, codes } = await buyPaidGift(t.app, t.database.db, config, 2, 'resend@example.com');
    const [purchase] = await t.database.db.query.giftPurchase.findMany({
      where: (row, { eq: equals }) => equals(row.checkoutSessionId, sessionId),
    });
    const before = (await outbox(t.app)).filter((m) => m.to === 'resend@example.com').length;
    const res = await asAdmin('adminResendGiftEmail', {
      giftPurchaseId: purchase?.id,
      reason: 'lost the e-mail',
    });
    expect(dataOf('adminResendGiftEmail', res)).toEqual({ sentTo: 'resend@example.com' });
    const sent = (await outbox(t.app)).filter((m) => m.to === 'resend@example.com');
    expect(sent).toHaveLength(before + 1);
    for (const code of codes) expect(sent[0]?.body).toContain(code);
    const [event] = (await auditRows()).filter((row) => row.targetRef === purchase?.id);
    expect(event).toMatchObject({ action: 'resendGiftEmail', targetUid: null, details: {} });
  });

  it("lists a resend on a signed-in buyer's own page", async () => {
    const buyer = await signUp(t.app);
    const { url, sessionId } = await startGift(t.app, config, { quantity: 1 }, { token: buyer.token });
    expect((await payGift(t.app, url, 'signed-in-giver@example.com')).statusCode).toBe(303);
    await until(async () => (await purchaseOfSession(t.database.db, sessionId)).status === 'paid', 'paid');
    const purchase = await purchaseOfSession(t.database.db, sessionId);
    expect(purchase.purchaserUserId).toBe(buyer.uid);
    await asAdmin('adminResendGiftEmail', { giftPurchaseId: purchase.id, reason: 'lost the e-mail' });
    const person = dataOf('adminGetPerson', await asAdmin('adminGetPerson', { uid: buyer.uid }));
    expect(person.auditEvents.map((event) => [event.action, event.targetRef])).toEqual([
      ['resendGiftEmail', purchase.id],
    ]);
  });

  it('deletes an account as the person could, and the audit row stays', async () => {
    const person = await signUp(t.app);
    const res = await asAdmin('adminDeleteAccount', {
      uid: person.uid,
      reason: 'asked by e-mail',
      confirm: 'DELETE',
    });
    expect(dataOf('adminDeleteAccount', res).deleted).toBe(true);
    expect((await call(t.app, 'getUser', undefined, { token: person.token })).statusCode).toBe(401);
    expect(failureOf(await asAdmin('adminGetPerson', { uid: person.uid })).status).toBe(404);
    const events = dataOf(
      'adminListAuditEvents',
      await asAdmin('adminListAuditEvents', { uid: person.uid }),
    ).events;
    expect(events).toMatchObject([
      { action: 'deleteAccount', targetUid: person.uid, reason: 'asked by e-mail' },
    ]);
  });

  it('lists feedback and uninstall feedback newest first, by kind and words, page by page', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    await t.database.db.insert(feedbackMessage).values([
      { content: 'love the pause', location: 'web app feedback - home', createdAt: at(1) },
      { content: 'too many clicks', location: 'chrome extension uninstall - not helpful', createdAt: at(2) },
      { content: 'pause is too long', location: 'web app feedback - breathe', createdAt: at(3) },
      { content: '', location: 'chrome extension uninstall - too expensive', createdAt: at(4) },
    ]);
    const list = async (query: Record<string, string>) =>
      dataOf('adminListFeedback', await asAdmin('adminListFeedback', query));
    const all = await list({});
    expect(all.items.map((item) => item.kind)).toEqual(['uninstall', 'feedback', 'uninstall', 'feedback']);
    expect(all.items[0]).toMatchObject({ reason: 'too expensive', content: null, location: null });
    expect((await list({ kind: 'feedback' })).items.map((i) => i.content)).toEqual([
      'pause is too long',
      'love the pause',
    ]);
    expect((await list({ kind: 'uninstall', q: 'CLICKS' })).items.map((i) => i.reason)).toEqual([
      'not helpful',
    ]);
    const first = await list({ limit: '3' });
    expect(first.items).toHaveLength(3);
    const second = await list({ limit: '3', before: first.nextBefore ?? '' });
    expect(second.items.map((i) => i.content)).toEqual(['love the pause']);
    expect(second.nextBefore).toBeNull();
    expect(failureOf(await asAdmin('adminListFeedback', { before: 'not-a-cursor' })).status).toBe(400);
  });

  it('keeps the audit log append-only: later calls never change an earlier row', async () => {
    const person = await signUp(t.app);
    await asAdmin('adminGrantPremium', { uid: person.uid, until: inDays(10), reason: 'first' });
    const [first] = (await auditRows()).filter((row) => row.targetUid === person.uid);
    const granted = dataOf(
      'adminGrantPremium',
      await asAdmin('adminGrantPremium', { uid: person.uid, until: inDays(20), reason: 'second' }),
    );
    await asAdmin('adminRevokeGrant', {
      uid: person.uid,
      entitlementId: granted.entitlementId,
      reason: 'third',
    });
    const rows = (await auditRows()).filter((row) => row.targetUid === person.uid);
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.id === first?.id)).toEqual(first);
    const page = dataOf(
      'adminListAuditEvents',
      await asAdmin('adminListAuditEvents', { uid: person.uid, limit: '2' }),
    );
    expect(page.events.map((e) => e.reason)).toEqual(['third', 'second']);
    const rest = dataOf(
      'adminListAuditEvents',
      await asAdmin('adminListAuditEvents', { uid: person.uid, before: page.nextBefore ?? '' }),
    );
    expect(rest.events.map((e) => e.reason)).toEqual(['first']);
  });

  it('puts the audit events about a person in their data export, without the acting admin', async () => {
    const person = await signUp(t.app);
    await asAdmin('adminGrantPremium', { uid: person.uid, until: inDays(7), reason: 'goodwill' });
    const exported = await callOk(t.app, 'exportAccount', undefined, person.token);
    const rows = exported.data.admin_audit_event ?? [];
    expect(rows).toMatchObject([{ action: 'grantPremium', reason: 'goodwill', targetUid: person.uid }]);
    expect(rows[0]).not.toHaveProperty('actorUid');
  });
});
