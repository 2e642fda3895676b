import { isValidEmail, LEGAL_PATHS, SIGN_IN_PATH, type SignInMethod, webPageTitle } from '@stillpoint/core';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { pendingTrialEmail } from '../../lib/auth/sync-current-user';
import { brand } from '../../lib/brand';
import { FullScreenSpinner } from '../../ui/full-screen-spinner';
import { SignInMethods } from './sign-in-methods';
import { type AuthFormat, readSignInParams } from './sign-in-params';
import { useIosSourceToast } from './use-ios-source-toast';
import { useRedirectAfterSignIn } from './use-redirect-after-sign-in';

// The sign-in methods are most of this page's code (the phone field, about 39 KB gzipped, with
// the United States' number data; every country's loads when the page is idle): they load after
// the page's first paint, beside the session check (signInMethods.tsx).

const methodOfFormat: Record<AuthFormat, SignInMethod> = {
  phone: 'PHONE_NUMBER',
  google: 'GOOGLE',
  apple: 'APPLE',
};

/** SPEC §2 /signin: phone, then Google and Apple below an 'or'; the query can narrow the methods. */
export function SignInPage() {
  const [search] = useSearchParams();
  const { search: rawSearch } = useLocation();
  const params = readSignInParams(search);
  const auth = useAuth();

  // Sent with the sync that follows the sign-in (SPEC §2 trialEmail).
  useEffect(() => {
    if (params.trialEmail && isValidEmail(params.trialEmail)) pendingTrialEmail.remember(params.trialEmail);
  }, [params.trialEmail]);
  useIosSourceToast(params.fromIosApp);
  useRedirectAfterSignIn();

  const heading = params.formatsSuggested ? `Sign in to ${brand.name}` : 'Sign in or create account';
  const methods = [...params.formats].map((format) => methodOfFormat[format]);

  return (
    <div className="flex flex-col items-center px-4 pt-4 pb-10 sm:pt-8 sm:pb-16">
      <title>{webPageTitle('/signin')}</title>
      {/* Covered only while a session is likely (a stored token, a Google or Apple sign-in coming
          back) or found: a new visitor gets the form at once, during the check. */}
      {auth.expectSignedOut ? null : <FullScreenSpinner />}
      <div className="flex w-full max-w-md flex-col gap-8">
        <div className="flex flex-col gap-3">
          <h1 className="text-balance text-center text-3xl font-semibold tracking-tight text-ink">
            {heading}
          </h1>
          {/* Above the methods: what appears under them later (a bot check, a hint) moves nothing here. */}
          <p className="text-balance text-center text-sm text-muted">
            By continuing, you agree to the{' '}
            <AgreementLink to={LEGAL_PATHS.terms}>terms of service</AgreementLink> and the{' '}
            <AgreementLink to={LEGAL_PATHS.privacy}>privacy policy</AgreementLink>.
          </p>
        </div>

        <SignInMethods
          methods={methods}
          // Redirect mode comes back here with the same query (trialEmail, formats) to finish.
          callbackPath={`${SIGN_IN_PATH}${rawSearch}`}
          providerError={params.providerError}
        />
      </div>
    </div>
  );
}

/** A legal page in a new tab, so what is typed here stays. */
function AgreementLink({ to, children }: { to: string; children: string }) {
  return (
    <a
      href={to}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-accent underline underline-offset-4 hover:text-accent-strong"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
