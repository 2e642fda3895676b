/**
 * Per-address limit of reportClientError (docs/rate-limits.md). A page sends at most a few reports
 * (the web app's reporter stops after 5 a load), so this lets a person reload a broken page a dozen
 * times, and keeps one address from filling the table.
 */
export const clientErrorRateLimit = { max: 60, timeWindow: '10 minutes' } as const;
