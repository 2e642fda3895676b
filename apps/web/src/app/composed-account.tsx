import { authErrorMessage, MOBILE_MEDIA_QUERY } from '@stillpoint/core';
import { useEffect } from 'react';
import { formatPhoneNumberIntl } from 'react-phone-number-input/core';
import { AccountPage } from '../features/account/account-page';
import type { SignInAgain } from '../features/account/sign-in-again';
import { oauthErrorMessage } from '../features/auth/oauth/oauth-error-message';
import { startOAuthSignIn } from '../features/auth/oauth/start-oauth-sign-in';
import { sendConfirmationCode, verifyConfirmationCode } from '../features/auth/phone/phone-auth';
import { showAllPhoneData, usePhoneData } from '../features/auth/phone/phone-data';
import { useBotCheck } from '../features/auth/phone/use-bot-check';
import { useAuthConfig } from '../features/auth/use-auth-config';
import { sessionToken } from '../lib/session-token';

/** /account, with the sign-in page's own steps for signing in again before a deletion. */
export function AccountRoute() {
  return <AccountPage useSignInAgain={useSignInAgain} />;
}

function useSignInAgain(): SignInAgain {
  const authConfig = useAuthConfig();
  const config = authConfig.data;
  const botCheck = useBotCheck(config?.captcha ?? null);
  const { metadata } = usePhoneData();
  // The page shows a number from anywhere: every country's formatting, not only the first one's.
  useEffect(() => showAllPhoneData(), []);

  return {
    formatPhoneNumber: (phoneNumber) => formatPhoneNumberIntl(phoneNumber, metadata) || phoneNumber,
    botCheck,
    sendCode: async (phoneNumber, token) => stepResult(await sendConfirmationCode(phoneNumber, token)),
    verifyCode: async (phoneNumber, code) => stepResult(await verifyConfirmationCode(phoneNumber, code)),
    continueWith: async (provider, returnPath) => {
      if (!config)
        return { status: 'failed', message: 'Google and Apple sign-in are unavailable right now.' };
      // The provider's sign-in forgets the stored token first; a popup that fails must not leave
      // the person signed out of the session they still have.
      const previous = sessionToken.get();
      // As on the sign-in page: a popup on wider screens, the page itself on a phone.
      const mode = window.matchMedia(MOBILE_MEDIA_QUERY).matches ? 'redirect' : 'popup';
      const outcome = await startOAuthSignIn(config[provider], mode, returnPath);
      if (outcome.status !== 'failed') return outcome;
      if (previous && !sessionToken.get()) sessionToken.set(previous);
      return { status: 'failed', message: oauthErrorMessage(outcome.error) };
    },
    providerErrorMessage: oauthErrorMessage,
    ready: config !== undefined,
  };
}

const stepResult = (result: { ok: true } | { ok: false; error: unknown }) =>
  result.ok ? ({ ok: true } as const) : ({ ok: false, message: authErrorMessage(result.error) } as const);
