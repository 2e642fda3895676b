import type { Config } from '../config';

type Provider = NonNullable<Config['auth']['captcha']>['provider'];

/** The origins each bot-check provider's widget loads its script, frames and calls from. */
const captchaOrigins: Record<Provider, string[]> = {
  'cloudflare-turnstile': ['https://challenges.cloudflare.com'],
  'google-recaptcha': ['https://www.google.com', 'https://www.gstatic.com', 'https://recaptcha.google.com'],
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
};

/**
 * Stripe.js and its card fields (Stripe's CSP guide): the script and its frames from js.stripe.com
 * (and its subdomains), 3-D Secure pages from hooks.stripe.com, API calls to api.stripe.com. Images
 * need nothing more: img-src allows https: already.
 */
const stripeOrigins = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export interface PolicyOptions {
  /** The document is a payment page (core's isPaymentPagePath), the only kind that loads Stripe.js. */
  paymentPage?: boolean;
}

/**
 * Where Sentry's browser SDK sends a page's errors: the origin of its DSN (SENTRY_BROWSER_DSN,
 * decision 052), which the page may then call; none without one.
 */
export const errorTrackingOrigins = (config: Config): string[] => {
  const dsn = config.outsideObservability.sentryBrowserDsn;
  return dsn ? [new URL(dsn).origin] : [];
};

/**
 * The page's Content-Security-Policy: everything from this origin only, except the configured
 * bot-check provider's widget on the sign-in page (SPEC §5), which must load from its own site,
 * Stripe on the payment pages when Stripe takes the payments, and the calls of Sentry's browser SDK
 * when it is configured. Every other page keeps Stripe out, so a script injected there cannot load
 * or talk to it; the local provider's pages are this origin.
 */
export function contentSecurityPolicy(config: Config, { paymentPage = false }: PolicyOptions = {}) {
  const captcha = config.auth.captcha ? captchaOrigins[config.auth.captcha.provider] : [];
  const stripe =
    paymentPage && config.payments.provider === 'stripe'
      ? stripeOrigins
      : { script: [], frame: [], connect: [] };
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...captcha, ...stripe.script],
    styleSrc: ["'self'", "'unsafe-inline'", ...captcha],
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'", ...captcha, ...stripe.connect, ...errorTrackingOrigins(config)],
    frameSrc: ["'self'", ...captcha, ...stripe.frame],
    frameAncestors: ["'none'"],
    // The web app manifest (index.html links it); default-src allows it too, but named it stays so.
    manifestSrc: ["'self'"],
  } satisfies Record<string, string[]>;
}
