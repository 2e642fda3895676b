import type { VisitorCountry } from '@stillpoint/core';
import { DEV_COUNTRY_HEADER, type VisitorCountryConfig } from '../../config';
import { AppError } from '../../errors';
import { countryOfAddress } from './ip-database';

export interface VisitorCountryDependencies {
  config: VisitorCountryConfig;
}

/** What the lookup needs from a request: the client address as Fastify sees it, and the headers. */
export interface VisitorRequest {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

const COUNTRY_CODE = /^[A-Za-z]{2}$/;
// Cloudflare's answers for "unknown" and "Tor": no country, so the address decides instead.
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

const headerValue = (headers: VisitorRequest['headers'], name: string): string | undefined => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim();
};

/**
 * The visitor's country (SPEC §7 IP country lookup), first answer wins:
 * 1. outside production, the x-stillpoint-dev-country header, then DEV_COUNTRY (testers, e2e);
 * 2. the trusted proxy's country header, when COUNTRY_HEADER names one;
 * 3. the bundled database, on the address Fastify reports (X-Forwarded-For only with TRUST_PROXY).
 * Null means unknown (localhost, a private network), which the cookie banner treats as not the US.
 */
export async function visitorCountry(
  { config }: VisitorCountryDependencies,
  request: VisitorRequest,
): Promise<VisitorCountry> {
  if (config.devHeader) {
    const chosen = headerValue(request.headers, DEV_COUNTRY_HEADER);
    if (chosen !== undefined) {
      // A typo in a test's header should fail loudly, not fall through to some other country.
      if (!COUNTRY_CODE.test(chosen)) {
        throw new AppError(
          'BAD_REQUEST',
          `${DEV_COUNTRY_HEADER} must be a two-letter country code, such as DE or US.`,
        );
      }
      return { country: chosen.toUpperCase() };
    }
  }
  if (config.devCountry) return { country: config.devCountry };
  if (config.header) {
    const fromProxy = headerValue(request.headers, config.header)?.toUpperCase();
    if (fromProxy && COUNTRY_CODE.test(fromProxy) && !NOT_A_COUNTRY.has(fromProxy)) {
      return { country: fromProxy };
    }
  }
  return { country: await countryOfAddress(request.ip) };
}
