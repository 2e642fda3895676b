import { MOBILE_MEDIA_QUERY } from '@stillpoint/core';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../ui/button';
import { useAuthConfig } from '../use-auth-config';
import { oauthErrorMessage } from './oauth-error-message';
import { AppleIcon, GoogleIcon } from './provider-icons';
import { type OAuthMode, startOAuthSignIn } from './start-oauth-sign-in';

export interface OAuthButtonsProps {
  /** Where redirect mode returns (path and query on this origin); the app finishes signing in there. */
  callbackPath: string;
  /** A popup sign-in finished and the session token is stored. */
  onSignedIn: () => void;
  /** A sentence for the person (never a raw code). */
  onError: (message: string) => void;
  /** Which buttons to show (SPEC §2 suggestedAuthFormats); both by default. */
  providers?: ReadonlySet<ProviderName>;
  disabled?: boolean;
}

export type ProviderName = 'apple' | 'google';

const ALL_PROVIDERS: ReadonlySet<ProviderName> = new Set(['apple', 'google']);

const providerButtons: { name: ProviderName; label: string; icon: ReactNode }[] = [
  { name: 'apple', label: 'Continue with Apple', icon: <AppleIcon /> },
  { name: 'google', label: 'Continue with Google', icon: <GoogleIcon /> },
];

/** SPEC §2: a popup on wider screens; on a phone-sized screen (≤767px) the page itself goes. */
const preferredMode = (): OAuthMode => (window.matchMedia(MOBILE_MEDIA_QUERY).matches ? 'redirect' : 'popup');

/** 'Continue with Apple' and 'Continue with Google' (SPEC §2), in popup or redirect mode. */
export function OAuthButtons({
  callbackPath,
  onSignedIn,
  onError,
  providers = ALL_PROVIDERS,
  disabled = false,
}: OAuthButtonsProps) {
  const authConfig = useAuthConfig();
  const [pending, setPending] = useState<ProviderName | null>(null);

  const start = async (name: ProviderName) => {
    const config = authConfig.data;
    if (!config) return;
    setPending(name);
    const outcome = await startOAuthSignIn(config[name], preferredMode(), callbackPath);
    // Redirecting: keep the button busy until the page goes.
    if (outcome.status === 'redirecting') return;
    setPending(null);
    if (outcome.status === 'signedIn') onSignedIn();
    else onError(oauthErrorMessage(outcome.error));
  };

  return (
    <div className="flex flex-col gap-3">
      {providerButtons
        .filter(({ name }) => providers.has(name))
        .map(({ name, label, icon }) => (
          <Button
            key={name}
            variant="secondary"
            className="w-full"
            loading={pending === name}
            disabled={disabled || pending !== null || !authConfig.data}
            onClick={() => void start(name)}
          >
            {pending === name ? null : icon}
            {label}
          </Button>
        ))}
      {authConfig.isError ? (
        <p className="text-center text-sm text-muted">
          Google and Apple sign-in are unavailable right now.{' '}
          <button
            type="button"
            className="font-semibold text-accent underline"
            onClick={() => authConfig.refetch()}
          >
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
