import type { Config } from '../config';

type Provider = NonNullable<Config['auth']['captcha']>['provider'];

/** The origins each bot-check provider's widget loads its script, frames and calls from. */
const captchaOrigins: Record<Provider, string[]> = {
  'cloudflare-turnstile': ['https://challenges.cloudflare.com'],
  'google-recaptcha': ['https://www.google.com', 'https://www.gstatic.com', 'https://recaptcha.google.com'],
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
};

/**
 * The page's Content-Security-Policy: everything from this origin only, except the configured
 * bot-check provider's widget on the sign-in page (SPEC §5), which must load from its own site.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const captcha = config.auth.captcha ? captchaOrigins[config.auth.captcha.provider] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...captcha],
    styleSrc: ["'self'", "'unsafe-inline'", ...captcha],
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'", ...captcha],
    frameSrc: ["'self'", ...captcha],
    frameAncestors: ["'none'"],
  };
}
