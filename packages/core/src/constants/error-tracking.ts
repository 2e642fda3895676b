/**
 * The `<meta>` by which the server gives a page Sentry's browser DSN (SENTRY_BROWSER_DSN, decision
 * 052): `<meta name="sentry-dsn" content="<dsn>" data-environment="<APP_ENV>">` in the head of every
 * document, and only when it is configured. Without it the web app loads nothing of Sentry.
 */
export const SENTRY_DSN_META_NAME = 'sentry-dsn';
