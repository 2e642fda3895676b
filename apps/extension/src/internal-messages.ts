/** Sent by the popup when it opens: the worker refreshes sites and settings from the server. */
export const POPUP_REFRESH = 'STILLPOINT_POPUP_REFRESH';
