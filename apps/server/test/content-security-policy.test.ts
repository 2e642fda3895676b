import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/http/content-security-policy';
import { testConfig } from './support/app';

describe('the Content-Security-Policy', () => {
  it('allows scripts and frames from this origin only without a bot check', () => {
    const policy = contentSecurityPolicy(testConfig());
    expect(policy.scriptSrc).toEqual(["'self'"]);
    expect(policy.frameSrc).toEqual(["'self'"]);
    expect(policy.frameAncestors).toEqual(["'none'"]);
  });

  it("lets the configured bot-check provider's widget load, and no other provider", () => {
    const base = testConfig();
    const policy = contentSecurityPolicy({
      ...base,
      auth: {
        ...base.auth,
        captcha: { provider: 'cloudflare-turnstile', secretKey: 'secret', siteKey: 'site' },
      },
    });
    expect(policy.scriptSrc).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(policy.frameSrc).toContain('https://challenges.cloudflare.com');
    expect(policy.scriptSrc?.join(' ')).not.toContain('hcaptcha');
  });
});
