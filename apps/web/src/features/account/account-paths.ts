export const ACCOUNT_PATH = '/account';
export const ACCOUNT_DELETED_PATH = '/account/deleted';

/**
 * `/account?confirm=delete` keeps the deletion dialog open across what a new sign-in does to the
 * page: a Google or Apple sign-in that leaves and comes back, and the new session's set-up, during
 * which the signed-in layout draws its spinner in place of the page.
 */
export const CONFIRM_PARAM = 'confirm';
export const CONFIRM_DELETE = 'delete';
export const CONFIRM_DELETE_PATH = `${ACCOUNT_PATH}?${CONFIRM_PARAM}=${CONFIRM_DELETE}`;
