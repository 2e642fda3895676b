/**
 * Leaving for the payment provider's hosted checkout. Kept in one object so tests can watch it:
 * a test page cannot really leave for another site.
 */
export const hostedCheckout = {
  open(url: string): void {
    window.location.assign(url);
  },
};
