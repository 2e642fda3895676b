import { loadOnFirstUse } from '../../load-on-first-use';

/**
 * The Stripe SDK, loaded on the first payment webhook, local event or Stripe call rather than at
 * startup: it is about a third of a second of CPU, and most starts never touch payments
 * (bench/README.md, "Embedded database: startup").
 */
export const stripeSdk = loadOnFirstUse(async () => (await import('stripe')).default);
