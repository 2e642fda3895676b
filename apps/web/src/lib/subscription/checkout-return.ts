/** The subscription page, where a plan is bought and managed. */
export const SUBSCRIPTION_PATH = '/subscription';

/** Hosted checkout returns with this query parameter after a purchase (SPEC §3). */
export const STRIPE_SUCCESS_PARAM = 'stripe_success';

/** Whether this page was reached by coming back from a completed checkout. */
export const cameFromCheckout = (search: URLSearchParams): boolean => search.has(STRIPE_SUCCESS_PARAM);
