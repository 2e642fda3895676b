import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productIds } from '../constants/products';
import { badgeText, daysLeft, isExpired, isPaymentFailed, isTrial, type Subscriber } from './subscription';
import { subscriptionBadge } from './subscription-badge';
import { DAY_MS } from './time';

describe('subscriptionBadge', () => {
  it('words the flags as SPEC §2 says', () => {
    const paying = { isExpired: false, isPaymentFailed: false };
    expect(subscriptionBadge({ ...paying, isTrial: false, daysLeft: 300 })).toBe('PRO');
    expect(subscriptionBadge({ ...paying, isTrial: true, daysLeft: 7 })).toBe('Trial 7 days left');
    expect(subscriptionBadge({ ...paying, isTrial: true, daysLeft: 1 })).toBe('Trial 1 day left');
    expect(subscriptionBadge({ ...paying, isExpired: true, isTrial: true, daysLeft: 0 })).toBe(
      'Subscription expired',
    );
    expect(subscriptionBadge({ ...paying, isExpired: true, isTrial: false, daysLeft: 0 })).toBe(
      'Subscription expired',
    );
  });

  it('says payment failed while a failed renewal is retried, and expired once it has ended', () => {
    expect(subscriptionBadge({ isExpired: false, isPaymentFailed: true, isTrial: false, daysLeft: 9 })).toBe(
      'Payment failed',
    );
    // The flags come from one rule, which never says both; expired wins if they ever did.
    expect(subscriptionBadge({ isExpired: true, isPaymentFailed: true, isTrial: false, daysLeft: 0 })).toBe(
      'Subscription expired',
    );
  });

  // The server sends the flags it computes with core's rules; worded here, they must read exactly
  // as core's badge rule reads the subscriber at the server's instant.
  it("agrees with core's badge rule for the flags the server computes", () => {
    const now = Date.parse('2025-03-01T00:00:00.000Z');
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(productIds)),
        fc.constantFrom('normal', 'trial', 'intro', 'promotional' as const),
        fc.option(fc.integer({ min: -10 * DAY_MS, max: 400 * DAY_MS }), { nil: null }),
        fc.option(fc.integer({ min: -30 * DAY_MS, max: 0 }), { nil: null }),
        (productId, periodType, expiresInMs, billingIssueInMs) => {
          const expires = expiresInMs === null ? null : new Date(now + expiresInMs).toISOString();
          const purchased = new Date(now - DAY_MS).toISOString();
          const subscriber: Subscriber = {
            entitlements: {
              premium: { product_identifier: productId, expires_date: expires, purchase_date: purchased },
            },
            subscriptions: {
              [productId]: {
                expires_date: expires,
                purchase_date: purchased,
                period_type: periodType,
                store: 'stripe',
                is_sandbox: false,
                billing_issues_detected_at:
                  billingIssueInMs === null ? null : new Date(now + billingIssueInMs).toISOString(),
              },
            },
          };
          const at = new Date(now);
          const flags = {
            isExpired: isExpired(subscriber, at),
            isPaymentFailed: isPaymentFailed(subscriber, at),
            isTrial: isTrial(subscriber),
            daysLeft: daysLeft(subscriber, at),
          };
          expect(subscriptionBadge(flags)).toBe(badgeText(subscriber, at));
        },
      ),
    );
  });
});
