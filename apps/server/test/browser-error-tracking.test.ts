import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { contentSecurityPolicy } from '../src/http/content-security-policy';
import { withErrorTracking } from '../src/http/web-app';
import { createTestApp, type TestApp, testConfig } from './support/app';

// Sentry's browser SDK on the web app's pages (decision 052): SENTRY_BROWSER_DSN reaches the page
// and its Content-Security-Policy only when it is set.

const BROWSER_DSN = 'https://publickey@o1.ingest.sentry.io/4242';
const INGEST = 'https://o1.ingest.sentry.io';

const withBrowserDsn = (base: Config = testConfig()): Config => ({
  ...base,
  outsideObservability: { ...base.outsideObservability, sentryBrowserDsn: BROWSER_DSN },
});

describe("the policy's calls with a browser DSN", () => {
  it('name no other origin without one, on any page', () => {
    expect(contentSecurityPolicy(testConfig()).connectSrc).toEqual(["'self'"]);
    expect(contentSecurityPolicy(testConfig(), { paymentPage: true }).connectSrc).toEqual(["'self'"]);
  });

  it("name the DSN's ingest origin, and only for calls, with one", () => {
    const policy = contentSecurityPolicy(withBrowserDsn());
    expect(policy.connectSrc).toEqual(["'self'", INGEST]);
    expect(contentSecurityPolicy(withBrowserDsn(), { paymentPage: true }).connectSrc).toContain(INGEST);
    const { connectSrc: _calls, ...rest } = policy;
    expect(JSON.stringify(rest)).not.toContain('sentry');
  });
});

describe("the page's DSN", () => {
  it('is written into the head as a meta, escaped, and nowhere without one', () => {
    const html = '<html><head><title>Stillpoint</title></head><body></body></html>';
    expect(withErrorTracking(html, null)).toBe(html);
    expect(withErrorTracking(html, { dsn: BROWSER_DSN, environment: 'staging' })).toContain(
      `<meta name="sentry-dsn" content="${BROWSER_DSN}" data-environment="staging">\n  </head>`,
    );
    expect(withErrorTracking(html, { dsn: 'https://k@h/1?"><script>', environment: 'x' })).not.toContain(
      '<script>',
    );
  });
});

describe('the pages served', () => {
  let webDistDir: string;
  let plain: TestApp;
  let tracked: TestApp;
  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'stillpoint-web-'));
    writeFileSync(
      join(webDistDir, 'index.html'),
      '<!doctype html><html><head><title>Stillpoint</title></head><body><div id="root"></div></body></html>',
    );
    plain = await createTestApp({ webDistDir });
    tracked = await createTestApp({ ...withBrowserDsn(), webDistDir });
  });
  afterAll(async () => {
    await plain.close();
    await tracked.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  const page = async (t: TestApp, url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toContain('text/html');
    return { body: res.body, policy: String(res.headers['content-security-policy']) };
  };

  it.each(['/', '/signin', '/webcheckout', '/no-such-page'])(
    'carry neither the DSN nor its origin without one (%s)',
    async (url) => {
      const { body, policy } = await page(plain, url);
      expect(body).not.toContain('sentry');
      expect(policy).not.toContain('sentry');
      expect(policy).toContain("connect-src 'self';");
    },
  );

  it.each(['/', '/signin', '/webcheckout', '/no-such-page'])(
    'carry the DSN, the environment and the ingest origin with one (%s)',
    async (url) => {
      const { body, policy } = await page(tracked, url);
      expect(body).toContain(`<meta name="sentry-dsn" content="${BROWSER_DSN}" data-environment="test">`);
      expect(policy).toContain(`connect-src 'self' ${INGEST};`);
    },
  );
});
