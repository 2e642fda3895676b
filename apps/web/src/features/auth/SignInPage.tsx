import { isValidEmail, SIGN_IN_PATH } from '@stillpoint/core';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { pendingTrialEmail, useAuth } from '../../lib/auth';
import { brand } from '../../lib/brand';
import { documentTitle } from '../../lib/documentTitle';
import { env } from '../../lib/env';
import { FullScreenSpinner } from '../../ui/FullScreenSpinner';
import { OrDivider } from '../../ui/OrDivider';
import { OAuthButtons } from './oauth/OAuthButtons';
import { oauthErrorMessage } from './oauth/oauthErrorMessage';
import { PhoneSignIn } from './phone/PhoneSignIn';
import { TestPhoneHint } from './phone/TestPhoneHint';
import { SignInAlert } from './SignInAlert';
import { readSignInParams } from './signInParams';
import { useAuthConfig } from './useAuthConfig';
import { useIosSourceToast } from './useIosSourceToast';
import { useRedirectAfterSignIn } from './useRedirectAfterSignIn';

/** SPEC §2 /signin: phone, then Google and Apple below an 'or'; the query can narrow the methods. */
export function SignInPage() {
  const [search] = useSearchParams();
  const { search: rawSearch } = useLocation();
  const params = readSignInParams(search);
  const auth = useAuth();
  const authConfig = useAuthConfig();
  const [providerError, setProviderError] = useState<string | null>(() =>
    params.providerError ? oauthErrorMessage(params.providerError) : null,
  );

  // Sent with the sync that follows the sign-in (SPEC §2 trialEmail).
  useEffect(() => {
    if (params.trialEmail && isValidEmail(params.trialEmail)) pendingTrialEmail.remember(params.trialEmail);
  }, [params.trialEmail]);
  useIosSourceToast(params.fromIosApp);
  useRedirectAfterSignIn();

  const heading = params.formatsSuggested ? `Sign In to ${brand.name}` : 'Sign In or Create Account';
  const showPhone = params.formats.has('phone');
  const providers = new Set(
    (['apple', 'google'] as const).filter((provider) => params.formats.has(provider)),
  );
  const showProviders = providers.size > 0;
  // Outside production any configured test number may sign in; testers often set up several.
  const testPhones = env.isProduction ? [] : (authConfig.data?.testPhoneNumbers ?? []);

  return (
    <div className="flex flex-col items-center px-4 pt-4 pb-10 sm:pt-8 sm:pb-16">
      <title>{documentTitle('Sign In')}</title>
      {auth.status === 'signedOut' ? null : <FullScreenSpinner />}
      <div className="flex w-full max-w-md flex-col gap-8">
        <h1 className="text-balance text-center text-3xl font-semibold tracking-tight text-ink">{heading}</h1>

        <section className="flex flex-col gap-6 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7">
          {showPhone ? (
            <PhoneSignIn
              testPhoneNumbers={testPhones.map((testPhone) => testPhone.phoneNumber)}
              captcha={authConfig.data?.captcha ?? null}
              onVerified={auth.refresh}
            />
          ) : null}
          {showPhone && showProviders ? <OrDivider /> : null}
          {showProviders ? (
            <div className="flex flex-col gap-3">
              <OAuthButtons
                // Redirect mode comes back here with the same query (trialEmail, formats) to finish.
                callbackPath={`${SIGN_IN_PATH}${rawSearch}`}
                providers={providers}
                onSignedIn={() => {
                  setProviderError(null);
                  void auth.refresh();
                }}
                onError={setProviderError}
              />
              <SignInAlert message={providerError} />
            </div>
          ) : null}
        </section>

        {showPhone ? <TestPhoneHint numbers={testPhones} /> : null}
      </div>
    </div>
  );
}
