/**
 * The configuration sets of SPEC §1: they differ in server, price ids and extension id.
 * Secrets never live here; the server may override any public value from its environment.
 */
export const appEnvs = ['development', 'test', 'staging', 'production'] as const;
export type AppEnv = (typeof appEnvs)[number];

export interface PriceIds {
  monthly: string;
  annual: string;
  annual50Dollars: string;
  annualWinback25Dollars: string;
  annualWinback35Dollars: string;
  /** The one-year 50-dollar price used for gifts. */
  gift: string;
  biennial90Dollars: string;
}

export interface EnvironmentSet {
  /** Public origin of the web app and API (they share one origin). */
  publicUrl: string;
  /** Chrome extension id; null when it must come from configuration (unpublished builds). */
  extensionId: string | null;
  prices: PriceIds;
}

/** The id Chrome derives from the pinned manifest key of the development build (apps/extension). */
export const DEVELOPMENT_EXTENSION_ID = 'kbflkdnlehkjmkjijdalpagfbpjahboo';

const localPrices = (prefix: string): PriceIds => ({
  monthly: `${prefix}_monthly`,
  annual: `${prefix}_annual`,
  annual50Dollars: `${prefix}_annual_50`,
  annualWinback25Dollars: `${prefix}_annual_winback_25`,
  annualWinback35Dollars: `${prefix}_annual_winback_35`,
  gift: `${prefix}_gift_1y_50`,
  biennial90Dollars: `${prefix}_biennial_90`,
});

export const environments: Record<AppEnv, EnvironmentSet> = {
  development: {
    publicUrl: 'http://localhost:3000',
    extensionId: DEVELOPMENT_EXTENSION_ID,
    prices: localPrices('price_dev'),
  },
  test: {
    publicUrl: 'http://localhost:3000',
    extensionId: DEVELOPMENT_EXTENSION_ID,
    prices: localPrices('price_test'),
  },
  staging: {
    publicUrl: 'https://staging.stillpoint.app',
    extensionId: null,
    prices: localPrices('price_staging'),
  },
  production: {
    publicUrl: 'https://stillpoint.app',
    extensionId: null,
    prices: localPrices('price_live'),
  },
};

/**
 * Reads an environment name from a build or run variable. Unset means development; a typo must
 * stop the program loudly rather than quietly pick another configuration set.
 */
export function parseAppEnv(value: string | undefined, variableName: string): AppEnv {
  if (value === undefined || value === '') return 'development';
  if ((appEnvs as readonly string[]).includes(value)) return value as AppEnv;
  throw new Error(`${variableName} must be one of ${appEnvs.join(', ')}; got "${value}".`);
}
