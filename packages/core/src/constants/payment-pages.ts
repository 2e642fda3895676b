/**
 * The web app's pages that take a card. Only these load Stripe.js, and only their documents get a
 * Content-Security-Policy that allows Stripe's origins; a move into one of them from another page
 * is a full page load, so the policy of the page the person is on always fits it.
 */
export const PAYMENT_PAGE_PATHS = ['/webcheckout', '/getting-started'] as const;

/** The path as the web app's router reads it: percent-escapes decoded where they are valid. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Whether a path (no query) is a payment page. Read as the web app's router reads it (escapes
 * decoded, any case), so /WebCheckout or /%77ebcheckout, which render the same page, get the same
 * policy.
 */
export const isPaymentPagePath = (pathname: string): boolean =>
  (PAYMENT_PAGE_PATHS as readonly string[]).includes(
    decodedPath(pathname).replace(/\/+$/, '').toLowerCase() || '/',
  );
