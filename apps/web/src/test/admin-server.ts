import {
  type AdminAuditEvent,
  type AdminClientError,
  type AdminEntitlement,
  type AdminFeedbackItem,
  type AdminPerson,
  type AdminPersonSummary,
  describeIssues,
  IDEMPOTENCY_KEY_HEADER,
  invalidInputMessage,
} from '@stillpoint/core';
import { adminEndpoints } from '@stillpoint/core/api/schemas/admin';
import type { z } from 'zod/mini';
import { type FakeRequest, type FakeResponse, installFakeServer } from './fake-server';

/** The signed-in admin's id. */
export const ADMIN_UID = 'admin-1';

const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });
const failure = (status: number, code: string, error: string): FakeResponse => ({
  status,
  body: { success: false, code, error },
});
const forbidden = () => failure(403, 'FORBIDDEN', 'Only the support team can do this.');

const DAY_MS = 24 * 60 * 60_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** A person as adminGetPerson answers, with a paid yearly plan, a gift bought and a site. */
export function makeAdminPerson(overrides: Partial<AdminPerson> & { uid?: string } = {}): AdminPerson {
  const { uid = 'user-2', ...rest } = overrides;
  return {
    account: {
      uid,
      phoneNumber: '+15555550123',
      email: 'ada@example.com',
      createdAt: '2026-03-04T10:00:00.000Z',
      signInMethods: ['PHONE_NUMBER', 'GOOGLE'],
    },
    premium: { active: true, until: daysFromNow(200) },
    entitlements: [
      {
        id: 'ent-web-1',
        productIdentifier: 'premium_yearly',
        source: 'web',
        periodType: 'normal',
        purchasedAt: '2026-06-01T09:00:00.000Z',
        expiresAt: daysFromNow(200),
        inForce: true,
        sourceRef: 'sub_123',
        isSandbox: false,
      },
      {
        id: 'ent-trial-1',
        productIdentifier: 'premium_yearly',
        source: 'trial',
        periodType: 'trial',
        purchasedAt: '2026-03-04T10:05:00.000Z',
        expiresAt: '2026-03-11T10:05:00.000Z',
        inForce: false,
        sourceRef: null,
        isSandbox: false,
      },
    ],
    subscriptions: [
      {
        id: 'sub_123',
        status: 'active',
        productIdentifier: 'premium_yearly',
        currentPeriodEnd: daysFromNow(200),
        cancelAtPeriodEnd: false,
      },
    ],
    payments: [
      {
        id: 'pi_123',
        amountCents: 4999,
        currency: 'usd',
        paidAt: '2026-06-01T09:00:00.000Z',
        refundedCents: 0,
        description: 'Stillpoint Premium, yearly',
      },
    ],
    giftPurchases: [
      {
        id: 'gift-1',
        status: 'paid',
        quantity: 2,
        purchasedAt: '2026-07-10T15:30:00.000Z',
        email: 'ada@example.com',
        paymentId: 'ch_gift_1',
        payment: { amountCents: 9998, currency: 'usd', refundedCents: 0 },
        codes: [
          {
            code: 'ABC234',
            redeemedByUid: 'user-3',
            redeemedAt: '2026-07-12T08:00:00.000Z',
            voidedAt: null,
          },
          { code: 'DEF567', redeemedByUid: null, redeemedAt: null, voidedAt: null },
        ],
      },
    ],
    giftRedemptions: [],
    sites: [
      { siteOrigin: 'https://www.youtube.com', budget: 3, sessionsToday: 1, activeSessionEndsAt: null },
    ],
    auditEvents: [],
    ...rest,
  };
}

/** Newest-first rows of a list after the `before` cursor, `limit` at a time, as the server pages them. */
function page<Row extends { id: string }>(rows: Row[], search: URLSearchParams) {
  const before = search.get('before');
  const limit = Number(search.get('limit') ?? 50);
  const start = before === null ? 0 : rows.findIndex((row) => row.id === before) + 1;
  const taken = rows.slice(start, start + limit);
  const more = start + limit < rows.length;
  return { rows: taken, nextBefore: more ? (taken.at(-1)?.id ?? null) : null };
}

/** A request's input checked against its call's schema in core, as the server checks it. */
function parsed<S extends z.ZodMiniType>(schema: S | undefined, input: unknown, part: 'body' | 'query') {
  const result = schema?.safeParse(input);
  if (!result || result.success) return { data: (result?.data ?? input) as z.output<S>, problem: null };
  return {
    data: null,
    problem: failure(400, 'BAD_REQUEST', invalidInputMessage(part, describeIssues(result.error.issues))),
  };
}

interface AdminServerOptions {
  /** Signed in already (the default), or about to sign in on /signin. */
  signedIn?: boolean;
  /** Whether the signed-in person is an admin; a non-admin gets 403 on every admin call. */
  admin?: boolean;
  people?: AdminPerson[];
  feedback?: AdminFeedbackItem[];
  auditEvents?: AdminAuditEvent[];
  clientErrors?: AdminClientError[];
}

/**
 * The fake server with an admin signed in and the support console's calls, keeping people, their
 * entitlements, payments and the audit log as the server would: an action changes what the next
 * read answers and leaves an audit event. The calls that take an Idempotency-Key run once per key.
 */
export function installAdminServer({
  signedIn = true,
  admin = true,
  people = [makeAdminPerson()],
  feedback = [],
  auditEvents = [],
  clientErrors = [],
}: AdminServerOptions = {}) {
  const server = installFakeServer({ signedIn, uid: ADMIN_UID });
  const state = {
    admin,
    people: new Map(people.map((person) => [person.account.uid, structuredClone(person)])),
    feedback: [...feedback],
    auditEvents: [...auditEvents],
    clientErrors: [...clientErrors],
  };
  let nextId = 1;
  const keys = new Map<string, FakeResponse>();

  const audit = (
    action: string,
    targetUid: string | null,
    targetRef: string | null,
    reason: string,
    details = {},
  ) => {
    const event: AdminAuditEvent = {
      id: `audit-${nextId++}`,
      at: new Date().toISOString(),
      actorUid: ADMIN_UID,
      action,
      targetUid,
      targetRef,
      reason,
      details,
    };
    state.auditEvents.unshift(event);
    if (targetUid) state.people.get(targetUid)?.auditEvents.unshift(event);
  };

  /** Premium now, from the entitlements in force: the latest end, or none for one without an end. */
  const recomputePremium = (person: AdminPerson) => {
    const inForce = person.entitlements.filter(
      (entitlement) =>
        entitlement.inForce &&
        (entitlement.expiresAt === null || Date.parse(entitlement.expiresAt) > Date.now()),
    );
    const ends = inForce.map((entitlement) => entitlement.expiresAt);
    person.premium = {
      active: inForce.length > 0,
      until: inForce.length === 0 || ends.includes(null) ? null : ((ends as string[]).sort().at(-1) ?? null),
    };
  };

  type Handler = (request: FakeRequest) => FakeResponse;
  const route = (name: keyof typeof adminEndpoints, handler: Handler) => {
    const endpoint = adminEndpoints[name];
    server.route(`${endpoint.method} /api${endpoint.path}`, (request) => {
      if (!state.admin) return forbidden();
      const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
      if (!('idempotent' in endpoint) || key === null) return handler(request);
      const kept = keys.get(`${name} ${key}`);
      if (kept) return kept;
      const answer = handler(request);
      if ((answer.status ?? 200) < 500) keys.set(`${name} ${key}`, answer);
      return answer;
    });
  };
  const personOr404 = (uid: string) => state.people.get(uid) ?? null;
  const noSuchPerson = () => failure(404, 'NOT_FOUND', 'No such person.');

  server.route('GET /api/admin/getSelf', () => (state.admin ? ok({ uid: ADMIN_UID }) : forbidden()));

  route('adminFindPeople', ({ search }) => {
    const { data, problem } = parsed(
      adminEndpoints.adminFindPeople.query,
      Object.fromEntries(search),
      'query',
    );
    if (problem) return problem;
    const q = data.q.toLowerCase();
    const digits = q.replace(/\D/g, '');
    const found: AdminPersonSummary[] = [];
    for (const person of state.people.values()) {
      const { account } = person;
      const matchedBy =
        digits.length >= 7 && account.phoneNumber?.replace(/\D/g, '').endsWith(digits)
          ? 'phone'
          : account.email?.toLowerCase() === q
            ? 'email'
            : account.uid.toLowerCase() === q
              ? 'uid'
              : person.giftPurchases.some((purchase) =>
                    purchase.codes.some((code) => code.code.toLowerCase() === q),
                  )
                ? 'giftCode'
                : person.payments.some((payment) => payment.id.toLowerCase() === q)
                  ? 'paymentId'
                  : null;
      if (matchedBy) {
        const { uid, phoneNumber, email, createdAt } = account;
        found.push({ uid, phoneNumber, email, createdAt, matchedBy });
      }
    }
    const giftPurchases = [...state.people.values()].flatMap((person) =>
      person.giftPurchases.filter(
        (purchase) =>
          purchase.email?.toLowerCase() === q || purchase.codes.some((code) => code.code.toLowerCase() === q),
      ),
    );
    return ok({ people: found, giftPurchases });
  });

  route('adminGetPerson', ({ search }) => {
    const person = personOr404(search.get('uid') ?? '');
    return person ? ok(person) : noSuchPerson();
  });

  route('adminGrantPremium', ({ body }) => {
    const { data, problem } = parsed(adminEndpoints.adminGrantPremium.body, body, 'body');
    if (problem) return problem;
    const person = personOr404(data.uid);
    if (!person) return noSuchPerson();
    if (Date.parse(data.until) <= Date.now())
      return failure(400, 'BAD_REQUEST', 'until must be in the future.');
    const entitlement: AdminEntitlement = {
      id: `ent-support-${nextId++}`,
      productIdentifier: 'premium_support',
      source: 'support',
      periodType: 'normal',
      purchasedAt: new Date().toISOString(),
      expiresAt: data.until,
      inForce: true,
      sourceRef: null,
      isSandbox: false,
    };
    person.entitlements.unshift(entitlement);
    recomputePremium(person);
    audit('grantPremium', data.uid, entitlement.id, data.reason, { until: data.until });
    return ok({ entitlementId: entitlement.id, until: data.until });
  });

  route('adminRevokeGrant', ({ body }) => {
    const { data, problem } = parsed(adminEndpoints.adminRevokeGrant.body, body, 'body');
    if (problem) return problem;
    const person = personOr404(data.uid);
    const entitlement = person?.entitlements.find((candidate) => candidate.id === data.entitlementId);
    if (!person || !entitlement) return failure(404, 'NOT_FOUND', 'No such grant.');
    if (entitlement.source !== 'support')
      return failure(409, 'CONFLICT', 'Only a support grant can be revoked here.');
    entitlement.inForce = false;
    entitlement.expiresAt = new Date().toISOString();
    recomputePremium(person);
    audit('revokeGrant', data.uid, entitlement.id, data.reason);
    return ok({ revoked: true });
  });

  route('adminRefundPayment', ({ body }) => {
    const { data, problem } = parsed(adminEndpoints.adminRefundPayment.body, body, 'body');
    if (problem) return problem;
    const payment = personOr404(data.uid)?.payments.find((candidate) => candidate.id === data.paymentId);
    if (!payment) return failure(404, 'NOT_FOUND', 'No such payment.');
    const left = payment.amountCents - payment.refundedCents;
    const amountCents = data.amountCents ?? left;
    if (amountCents > left)
      return failure(409, 'CONFLICT', 'That is more than is left to refund of this payment.');
    payment.refundedCents += amountCents;
    audit('refundPayment', data.uid, payment.id, data.reason, { amountCents });
    return ok({ refundId: `re_${nextId++}`, amountCents, status: 'succeeded' });
  });

  // As the provider's webhook then does: the refunded share of the unredeemed codes is voided.
  route('adminRefundGiftPurchase', ({ body }) => {
    const { data, problem } = parsed(adminEndpoints.adminRefundGiftPurchase.body, body, 'body');
    if (problem) return problem;
    const owner = [...state.people.values()].find((person) =>
      person.giftPurchases.some((candidate) => candidate.id === data.giftPurchaseId),
    );
    const purchase = owner?.giftPurchases.find((candidate) => candidate.id === data.giftPurchaseId);
    if (!owner || !purchase?.payment) return failure(404, 'NOT_FOUND', 'That gift purchase was not found.');
    const payment = purchase.payment;
    const left = payment.amountCents - payment.refundedCents;
    const amountCents = data.amountCents ?? left;
    if (amountCents > left) return failure(400, 'BAD_REQUEST', 'That is more than is left to refund.');
    payment.refundedCents += amountCents;
    const share = Math.floor((payment.refundedCents * purchase.quantity) / payment.amountCents);
    let toVoid = share - purchase.codes.filter((code) => code.voidedAt).length;
    for (const code of purchase.codes) {
      if (toVoid <= 0) break;
      if (code.redeemedAt || code.voidedAt) continue;
      code.voidedAt = new Date().toISOString();
      toVoid--;
    }
    audit('refundGiftPurchase', owner.account.uid, purchase.id, data.reason, { amountCents });
    return ok({ refundId: `re_${nextId++}`, amountCents, status: 'succeeded' });
  });

  route('adminResendGiftEmail', ({ body }) => {
    const { data, problem } = parsed(adminEndpoints.adminResendGiftEmail.body, body, 'body');
    if (problem) return problem;
    for (const person of state.people.values()) {
      const purchase = person.giftPurchases.find((candidate) => candidate.id === data.giftPurchaseId);
      if (!purchase) continue;
      if (!purchase.email) return failure(409, 'CONFLICT', 'This gift purchase has no e-mail address.');
      audit('resendGiftEmail', person.account.uid, purchase.id, data.reason);
      return ok({ sentTo: purchase.email });
    }
    return failure(404, 'NOT_FOUND', 'No such gift purchase.');
  });

  route('adminDeleteAccount', ({ body }) => {
    const { data, problem } = parsed(adminEndpoints.adminDeleteAccount.body, body, 'body');
    if (problem) return problem;
    if (!state.people.delete(data.uid)) return noSuchPerson();
    audit('deleteAccount', null, data.uid, data.reason);
    return ok({ deleted: true, subscription: { cancelled: true, refunded: false, cancelInStore: null } });
  });

  route('adminListFeedback', ({ search }) => {
    const kind = search.get('kind');
    const q = search.get('q')?.toLowerCase() ?? '';
    const matching = state.feedback.filter(
      (item) =>
        (!kind || item.kind === kind) &&
        (!q || [item.content, item.reason, item.location].some((text) => text?.toLowerCase().includes(q))),
    );
    const { rows, nextBefore } = page(matching, search);
    return ok({ items: rows, nextBefore });
  });

  route('adminListAuditEvents', ({ search }) => {
    const { rows, nextBefore } = page(state.auditEvents, search);
    return ok({ events: rows, nextBefore });
  });

  route('adminListClientErrors', ({ search }) => {
    const { rows, nextBefore } = page(state.clientErrors, search);
    return ok({ reports: rows, nextBefore });
  });

  return { ...server, state };
}
