import { SENTRY_DSN_META_NAME } from '@stillpoint/core';

/**
 * What the first screen carries of Sentry's browser SDK (decision 052): a look for the DSN the
 * server puts in the page when SENTRY_BROWSER_DSN is set. Without it nothing more is loaded; with
 * it the installer (sentry-install.ts) loads, and the SDK after it as the cookie choice allows.
 */
export function installSentryWhenConfigured(
  doc: Document = document,
  loadInstaller: () => Promise<Pick<typeof import('./sentry-install'), 'installSentry'>> = () =>
    import('./sentry-install'),
): void {
  if (!doc.querySelector(`meta[name="${SENTRY_DSN_META_NAME}"]`)) return;
  // The chunk gone after a release, or blocked: the reports to the server still go.
  loadInstaller()
    .then(({ installSentry }) => installSentry())
    .catch(() => undefined);
}
