/**
 * SPEC §5: phone verification needs a bot-check token when the server has a captcha provider
 * (getAuthConfig.captcha is then `{ provider, siteKey }`). Better Auth's captcha plugin reads the
 * token from the `x-captcha-response` header of send-otp.
 *
 * The seam: rendering the widget needs the provider's own script (Cloudflare Turnstile, reCAPTCHA
 * or hCaptcha), which this build does not load. A widget component rendered above Continue would
 * hand its token to PhoneSignIn's `botCheckToken`; until one exists the token stays null, no header
 * is sent, and a server with a captcha configured refuses the send with a readable message.
 */
export const BOT_CHECK_HEADER = 'x-captcha-response';

export function botCheckHeaders(token: string | null): Record<string, string> {
  return token ? { [BOT_CHECK_HEADER]: token } : {};
}
