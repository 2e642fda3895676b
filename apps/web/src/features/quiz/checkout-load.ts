/**
 * Going on to /webcheckout. A payment page needs a full page load, which brings its own
 * Content-Security-Policy (decision 018), so this is not a router navigation. One object so tests
 * can stand in for leaving the page.
 */
export const checkoutLoad = {
  open(url: string): void {
    window.location.assign(url);
  },
};

/** /webcheckout for one price of this environment. */
export const webCheckoutUrl = (priceId: string): string => `/webcheckout?pid=${encodeURIComponent(priceId)}`;
