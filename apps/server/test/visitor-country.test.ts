import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEV_COUNTRY_HEADER, loadConfig, type VisitorCountryConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { rateLimits } from '../src/http/rate-limit';
import { failureOf } from './support/api';
import { buildTestApp } from './support/app';
import { randomIp } from './support/auth';
import { productionEnv } from './support/config';
import { openTestDatabase } from './support/database';

// Addresses whose country the bundled GeoLite2 data has long agreed on: Hetzner in Germany, and
// Google's public resolver in the United States.
const IN_GERMANY = '5.9.0.1';
const IN_GERMANY_V6 = '2a01:4f8::1';
const IN_THE_US = '8.8.8.8';
const IN_THE_US_V6 = '2001:4860:4860::8888';

const lookupOnly: VisitorCountryConfig = { header: null, devCountry: null, devHeader: true };

describe('visitor country (getVisitorCountry)', () => {
  let database: DatabaseHandle;
  /** No header configured, no development country: the database answers. */
  let app: FastifyInstance;
  const apps: FastifyInstance[] = [];
  const appWith = async (overrides: Parameters<typeof buildTestApp>[1]) => {
    const built = await buildTestApp(database, overrides);
    apps.push(built);
    return built;
  };
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await appWith({ visitorCountry: lookupOnly });
  });
  afterAll(async () => {
    for (const built of apps) await built.close();
    await database.close();
  });

  const ask = (target: FastifyInstance, ip: string, headers: Record<string, string> = {}) =>
    target.inject({ method: 'GET', url: '/api/getVisitorCountry', remoteAddress: ip, headers });
  const countryFrom = async (target: FastifyInstance, ip: string, headers: Record<string, string> = {}) => {
    const res = await ask(target, ip, headers);
    if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
    return (res.json() as { data: { country: string | null } }).data.country;
  };

  describe('from the bundled database', () => {
    it.each([
      [IN_GERMANY, 'DE'],
      [IN_GERMANY_V6, 'DE'],
      [`::ffff:${IN_GERMANY}`, 'DE'],
      [IN_THE_US, 'US'],
      [IN_THE_US_V6, 'US'],
    ])('places %s in %s', async (ip, country) => {
      expect(await countryFrom(app, ip)).toBe(country);
    });

    it.each(['127.0.0.1', '::1', '10.1.2.3', '192.168.1.20', '172.16.0.5', '100.64.0.1', 'fe80::1'])(
      'answers null for %s, which is nowhere',
      async (ip) => {
        expect(await countryFrom(app, ip)).toBeNull();
      },
    );

    it('answers in the envelope, cached privately', async () => {
      const res = await ask(app, IN_GERMANY);
      expect(res.json()).toEqual({ success: true, data: { country: 'DE' } });
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
    });

    it('reads X-Forwarded-For only when TRUST_PROXY says a proxy is in front', async () => {
      const forwarded = { 'x-forwarded-for': IN_GERMANY };
      expect(await countryFrom(app, '127.0.0.1', forwarded)).toBeNull();
      const behindProxy = await appWith({ visitorCountry: lookupOnly, trustProxy: true });
      expect(await countryFrom(behindProxy, '127.0.0.1', forwarded)).toBe('DE');
    });
  });

  describe("from a trusted proxy's header (COUNTRY_HEADER)", () => {
    let behindCdn: FastifyInstance;
    beforeAll(async () => {
      behindCdn = await appWith({
        trustProxy: true,
        visitorCountry: { ...lookupOnly, header: 'cf-ipcountry' },
      });
    });

    it('takes the country from the configured header over the address', async () => {
      expect(await countryFrom(behindCdn, IN_THE_US, { 'cf-ipcountry': 'DE' })).toBe('DE');
      expect(await countryFrom(behindCdn, '10.0.0.1', { 'cf-ipcountry': 'fr' })).toBe('FR');
    });

    it.each([
      ['unknown (XX)', 'XX'],
      ['Tor (T1)', 'T1'],
      ['not a code', 'Germany'],
      ['empty', ''],
    ])('falls back to the address when the header is %s', async (_case, value) => {
      expect(await countryFrom(behindCdn, IN_THE_US, { 'cf-ipcountry': value })).toBe('US');
    });

    it('ignores the header when none is configured, since any visitor could send it', async () => {
      expect(await countryFrom(app, IN_THE_US, { 'cf-ipcountry': 'DE' })).toBe('US');
      expect(await countryFrom(app, '10.0.0.1', { 'cf-ipcountry': 'DE' })).toBeNull();
    });

    it('reads COUNTRY_HEADER from the environment, and only together with TRUST_PROXY', () => {
      expect(
        loadConfig({ APP_ENV: 'test', COUNTRY_HEADER: 'CF-IPCountry', TRUST_PROXY: 'true' }).visitorCountry,
      ).toEqual({ header: 'cf-ipcountry', devCountry: null, devHeader: true });
      expect(loadConfig({ APP_ENV: 'test' }).visitorCountry.header).toBeNull();
      expect(() => loadConfig({ APP_ENV: 'test', COUNTRY_HEADER: 'cf-ipcountry' })).toThrow(
        /COUNTRY_HEADER: needs TRUST_PROXY=true/,
      );
      expect(() =>
        loadConfig({ APP_ENV: 'test', COUNTRY_HEADER: 'cf ipcountry', TRUST_PROXY: 'true' }),
      ).toThrow(/COUNTRY_HEADER/);
    });
  });

  describe('the development override', () => {
    it(`lets a request choose its country with ${DEV_COUNTRY_HEADER} outside production`, async () => {
      expect(await countryFrom(app, '127.0.0.1', { [DEV_COUNTRY_HEADER]: 'DE' })).toBe('DE');
      expect(await countryFrom(app, IN_GERMANY, { [DEV_COUNTRY_HEADER]: 'us' })).toBe('US');
      // A browser keeps one answer per chosen country.
      expect((await ask(app, '127.0.0.1', { [DEV_COUNTRY_HEADER]: 'DE' })).headers.vary).toContain(
        DEV_COUNTRY_HEADER,
      );
    });

    it('refuses a header value that is not a country code, with a readable 400', async () => {
      expect(failureOf(await ask(app, '127.0.0.1', { [DEV_COUNTRY_HEADER]: 'Germany' }))).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        error: `${DEV_COUNTRY_HEADER} must be a two-letter country code, such as DE or US.`,
      });
    });

    it('answers every visitor with DEV_COUNTRY, unless a request chooses another', async () => {
      const config = loadConfig({ APP_ENV: 'test', DEV_COUNTRY: 'de' }).visitorCountry;
      expect(config.devCountry).toBe('DE');
      const german = await appWith({ visitorCountry: config });
      expect(await countryFrom(german, IN_THE_US)).toBe('DE');
      expect(await countryFrom(german, '127.0.0.1', { [DEV_COUNTRY_HEADER]: 'US' })).toBe('US');
    });

    it('is refused by production configuration, and the header is ignored there', async () => {
      expect(() => loadConfig({ ...productionEnv, DEV_COUNTRY: 'DE' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...productionEnv, DEV_COUNTRY: 'DE' })).toThrow(
        /DEV_COUNTRY: not allowed in production/,
      );
      const production = loadConfig(productionEnv).visitorCountry;
      expect(production).toEqual({ header: null, devCountry: null, devHeader: false });

      const live = await appWith({ visitorCountry: production });
      expect(await countryFrom(live, IN_THE_US, { [DEV_COUNTRY_HEADER]: 'DE' })).toBe('US');
      expect(await countryFrom(live, '127.0.0.1', { [DEV_COUNTRY_HEADER]: 'DE' })).toBeNull();
      // Not even a bad value is looked at.
      expect(await countryFrom(live, IN_GERMANY, { [DEV_COUNTRY_HEADER]: 'nonsense' })).toBe('DE');
      expect((await ask(live, IN_GERMANY)).headers.vary ?? '').not.toContain(DEV_COUNTRY_HEADER);
    });
  });

  it('is public and limits one address generously', async () => {
    const ip = randomIp();
    for (let i = 0; i < rateLimits.visitorCountry.max; i++) {
      expect((await ask(app, ip)).statusCode).toBe(200);
    }
    expect(failureOf(await ask(app, ip))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await ask(app, randomIp())).statusCode).toBe(200);
  });
});
