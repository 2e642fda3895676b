import type { AdminPayment } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors';
import type { PaymentsForSupport, RefundResult } from '../src/modules/payments/support';
import { call, dataOf, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';
import { freshPhoneNumber } from './support/auth';

/** Payments as the console sees them: one payment of the person's, and every refund asked for. */
function recordingPayments(owner: () => string) {
  const refunds: { userId: string; paymentId: string; amountCents?: number }[] = [];
  const payment: AdminPayment = {
    id: 'ch_support_1',
    amountCents: 4999,
    currency: 'usd',
    paidAt: '2026-01-01T12:00:00.000Z',
    refundedCents: 0,
    description: 'Stillpoint premium, yearly',
  };
  const payments: PaymentsForSupport = {
    listPaymentsOf: async (userId) => (userId === owner() ? [payment] : []),
    ownerOfPayment: async (paymentId) => (paymentId === payment.id ? owner() : null),
    ownerOfCustomer: async () => null,
    payment: async (paymentId) => (paymentId === payment.id ? payment : null),
    refundGiftPayment: async () => {
      throw new AppError('NOT_FOUND', 'That payment was not found.');
    },
    refundPayment: async (input): Promise<RefundResult> => {
      if (input.userId !== owner() || input.paymentId !== payment.id)
        throw new AppError('NOT_FOUND', 'That payment was not found.');
      refunds.push(input);
      return {
        refundId: `re_${refunds.length}`,
        amountCents: input.amountCents ?? payment.amountCents,
        status: 'pending',
      };
    },
  };
  return { payments, refunds };
}

// Refunds go through payments (PaymentsForSupport); the console lists them and audit-logs each.
describe('admin refunds', () => {
  let t: TestApp;
  let admin: Person;
  let person: Person;
  const adminPhone = freshPhoneNumber();
  const recording = recordingPayments(() => person.uid);
  beforeAll(async () => {
    t = await createTestApp(
      { admin: { userIds: new Set(), phoneNumbers: new Set([adminPhone]), emails: new Set() } },
      { paymentsForSupport: recording.payments },
    );
    admin = await signUp(t.app, adminPhone);
    person = await signUp(t.app);
  });
  afterAll(() => t.close());

  const asAdmin = (name: Parameters<typeof call>[1], input?: unknown) =>
    call(t.app, name, input, { token: admin.token });

  it('finds the person by a payment id, and nobody by an unknown one', async () => {
    const found = dataOf('adminFindPeople', await asAdmin('adminFindPeople', { q: 'ch_support_1' }));
    expect(found.people).toEqual([expect.objectContaining({ uid: person.uid, matchedBy: 'paymentId' })]);
    const none = dataOf('adminFindPeople', await asAdmin('adminFindPeople', { q: 'ch_unknown_2' }));
    expect(none.people).toEqual([]);
  });

  it("shows the person's payments and refunds one, part of it, audit-logged with the amount and refund id", async () => {
    const view = dataOf('adminGetPerson', await asAdmin('adminGetPerson', { uid: person.uid }));
    expect(view.payments.map((p) => p.id)).toEqual(['ch_support_1']);
    const res = await asAdmin('adminRefundPayment', {
      uid: person.uid,
      paymentId: 'ch_support_1',
      amountCents: 1000,
      reason: 'charged twice',
    });
    expect(dataOf('adminRefundPayment', res)).toEqual({
      refundId: 're_1',
      amountCents: 1000,
      status: 'pending',
    });
    expect(recording.refunds).toEqual([{ userId: person.uid, paymentId: 'ch_support_1', amountCents: 1000 }]);
    const events = dataOf(
      'adminListAuditEvents',
      await asAdmin('adminListAuditEvents', { uid: person.uid }),
    ).events;
    expect(events).toMatchObject([
      {
        action: 'refundPayment',
        actorUid: admin.uid,
        targetRef: 'ch_support_1',
        reason: 'charged twice',
        details: { refundId: 're_1', amountCents: 1000, status: 'pending' },
      },
    ]);
  });

  it('answers 404 for an unknown person, asking the provider nothing', async () => {
    const asked = recording.refunds.length;
    const res = await asAdmin('adminRefundPayment', {
      uid: 'no-such-person',
      paymentId: 'ch_support_1',
      reason: 'typo',
    });
    expect(failureOf(res)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(recording.refunds).toHaveLength(asked);
  });

  it("refuses someone else's payment with a 404 and logs nothing", async () => {
    const other = await signUp(t.app);
    const res = await asAdmin('adminRefundPayment', {
      uid: other.uid,
      paymentId: 'ch_support_1',
      reason: 'mistake',
    });
    expect(failureOf(res)).toMatchObject({ status: 404 });
    const events = dataOf(
      'adminListAuditEvents',
      await asAdmin('adminListAuditEvents', { uid: other.uid }),
    ).events;
    expect(events).toEqual([]);
  });
});
