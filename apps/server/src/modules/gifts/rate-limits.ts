/**
 * The gift calls' limits (docs/gifts.md has the arithmetic behind the redeem limits).
 *
 * - checkout: per address; each call stores a purchase with its codes and opens a checkout at
 *   the provider, and a buyer makes one or two.
 * - purchaseRead: per address; the success page polls while the payment is confirmed. Guessing
 *   here needs a checkout id as well as a code, so this only keeps scanners slow.
 * - redeemPerPerson / redeemPerAddress: every redeem attempt counts, right or wrong. A recipient
 *   needs one or two tries; an address may hold a family or an office with several recipients.
 */
export const giftRateLimits = {
  checkout: { max: 10, timeWindow: '10 minutes' },
  purchaseRead: { max: 30, timeWindow: '1 minute' },
  redeemPerPerson: { max: 10, timeWindow: '1 hour' },
  redeemPerAddress: { max: 30, timeWindow: '1 hour' },
} as const;
