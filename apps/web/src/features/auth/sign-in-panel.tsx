import type { SignInMethod } from '@stillpoint/core';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-context';
import { env } from '../../lib/env';
import { FormError } from '../../ui/form-footer';
import { OrDivider } from '../../ui/or-divider';
import { OAuthButtons } from './oauth/oauth-buttons';
import { oauthErrorMessage } from './oauth/oauth-error-message';
import { PhoneSignIn } from './phone/phone-sign-in';
import { TestPhoneHint } from './phone/test-phone-hint';
import { useAuthConfig } from './use-auth-config';

export interface SignInPanelProps {
  /** The methods to offer; empty offers all of them. */
  methods: readonly SignInMethod[];
  /** Where a Google or Apple sign-in that leaves by redirect comes back to, with its query. */
  callbackPath: string;
  /** The `error` a Google or Apple sign-in came back with by redirect, to explain at first. */
  providerError?: string | null;
}

/**
 * The sign-in methods (phone, then Google and Apple below an 'or'), signing in where they are
 * shown: on /signin, and inline on pages that need an account first (/webcheckout).
 */
export function SignInPanel({
  methods,
  callbackPath,
  providerError: returnedError = null,
}: SignInPanelProps) {
  const auth = useAuth();
  const authConfig = useAuthConfig();
  const [providerError, setProviderError] = useState<string | null>(() =>
    returnedError ? oauthErrorMessage(returnedError) : null,
  );
  const offered = new Set<SignInMethod>(methods.length > 0 ? methods : ['PHONE_NUMBER', 'GOOGLE', 'APPLE']);
  const showPhone = offered.has('PHONE_NUMBER');
  const providers = new Set(
    (['apple', 'google'] as const).filter((provider) =>
      offered.has(provider === 'apple' ? 'APPLE' : 'GOOGLE'),
    ),
  );
  const showProviders = providers.size > 0;
  // Outside production any configured test number may sign in; testers often set up several.
  const testPhones = env.isProduction ? [] : (authConfig.data?.testPhoneNumbers ?? []);

  return (
    // Marks a drawn panel, whose code main.tsx loads before taking the drawing over (signInMethods.tsx).
    <div className="flex flex-col gap-8" data-sign-in-panel="">
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
              callbackPath={callbackPath}
              providers={providers}
              onSignedIn={() => {
                setProviderError(null);
                void auth.refresh();
              }}
              onError={setProviderError}
            />
            <FormError message={providerError} />
          </div>
        ) : null}
      </section>
      {showPhone ? <TestPhoneHint numbers={testPhones} /> : null}
    </div>
  );
}
