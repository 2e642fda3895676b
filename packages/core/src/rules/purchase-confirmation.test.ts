import { describe, expect, it } from 'vitest';
import type { PurchaseSummary } from '../api/schemas/payments';
import { purchaseConfirmation } from './purchase-confirmation';

const plan = (overrides: Partial<PurchaseSummary> = {}): PurchaseSummary => ({
  kind: 'plan',
  plan: 'annual',
  trialEndsAt: '2025-12-06T10:00:01.000Z',
  firstCharge: { at: '2025-12-06T10:00:01.000Z', amount: 4999, currency: 'usd', paid: false },
  cancelAtPeriodEnd: false,
  receiptSentTo: null,
  ...overrides,
});

const lines = (summary: PurchaseSummary) =>
  purchaseConfirmation(summary, { utc: true }).items.map(({ label, value }) => `${label}: ${value}`);

describe('the confirmation after a purchase', () => {
  it('names what was bought, the trial end, the first charge and how to cancel before it', () => {
    expect(purchaseConfirmation(plan(), { utc: true }).title).toBe('Your Premium trial has started');
    expect(lines(plan({ receiptSentTo: 'buyer@example.com' }))).toEqual([
      'Bought: Stillpoint Premium, billed yearly at $49.99',
      'Free trial ends: December 6, 2025',
      'First charge: $49.99 on December 6, 2025, then every year',
      'To cancel: Open Manage subscription on your Subscription page and cancel before December 6, 2025: nothing is charged.',
      'Receipt: Sent to buyer@example.com',
    ]);
  });

  it('says what was paid today for a plan without a trial', () => {
    const paid = plan({
      plan: 'monthly',
      trialEndsAt: null,
      firstCharge: { at: '2025-11-29T10:00:00.000Z', amount: 699, currency: 'usd', paid: true },
    });
    expect(purchaseConfirmation(paid, { utc: true }).title).toBe('Thank you for going Premium');
    expect(lines(paid)).toEqual([
      'Bought: Stillpoint Premium, billed monthly at $6.99',
      'Paid: $6.99 on November 29, 2025',
      'To cancel: Open Manage subscription on your Subscription page and cancel anytime: Premium stays until the paid period ends.',
    ]);
  });

  it('promises no charge for a plan canceled before its trial ends', () => {
    expect(lines(plan({ firstCharge: null, cancelAtPeriodEnd: true }))).toContain(
      'First charge: None: the plan is canceled, so nothing is charged',
    );
  });

  it('says the no-card trial charges nothing and needs no cancelling', () => {
    const trial: PurchaseSummary = {
      kind: 'freeTrial',
      plan: null,
      trialEndsAt: '2025-12-06T10:00:00.250Z',
      firstCharge: null,
      cancelAtPeriodEnd: false,
      receiptSentTo: null,
    };
    expect(purchaseConfirmation(trial, { utc: true }).title).toBe('Your free trial has started');
    expect(lines(trial)).toEqual([
      'Started: Free trial of Stillpoint Premium',
      'Trial ends: December 6, 2025',
      'First charge: None: no card is on file, so nothing is charged',
      'To cancel: Nothing to cancel: the trial ends by itself. To keep Premium after it, choose a plan.',
    ]);
  });
});
