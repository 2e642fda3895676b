/**
 * The web app's pages that take a card. Only these load Stripe.js, and only their documents get a
 * Content-Security-Policy that allows Stripe's origins; a move into one of them from another page
 * is a full page load, so the policy of the page the person is on always fits it.
 */
export const PAYMENT_PAGE_PATHS = ['/webcheckout', '/getting-started'] as const;

/**
 * Whether a path (no query) is a payment page. Case-insensitive, like the web app's router, so
 * /WebCheckout, which renders the same page, gets the same policy.
 */
export const isPaymentPagePath = (pathname: string): boolean =>
  (PAYMENT_PAGE_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '').toLowerCase() || '/');
