/**
 * SPEC §5: phone verification needs a bot-check token when the server has a captcha provider
 * (getAuthConfig.captcha is then `{ provider, siteKey }`). Better Auth's captcha plugin reads the
 * token from the `x-captcha-response` header of send-otp.
 * useBotCheck renders the provider's widget (BotCheckWidget) above the send buttons and keeps
 * its single-use token; without a captcha configured no widget shows and no header is sent.
 */
export const BOT_CHECK_HEADER = 'x-captcha-response';

export function botCheckHeaders(token: string | null): Record<string, string> {
  return token ? { [BOT_CHECK_HEADER]: token } : {};
}
