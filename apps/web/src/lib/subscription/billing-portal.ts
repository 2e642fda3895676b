/**
 * Leaving for where the plan is managed (the payment provider's billing portal, or the store's
 * subscription page). Kept in one object so tests can watch it: a test page cannot really leave.
 */
export const billingPortal = {
  open(url: string): void {
    window.location.assign(url);
  },
};
