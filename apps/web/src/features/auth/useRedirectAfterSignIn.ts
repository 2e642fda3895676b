import { signInRedirectPath } from '@stillpoint/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { returnPath, useAuth } from '../../lib/auth';

/**
 * Once the person is signed in (and synced), leave /signin for where SPEC §2 says: the remembered
 * page, else home when fully set up, else onboarding. This also covers a Google or Apple sign-in
 * that came back by redirect, and a signed-in person who opens /signin.
 */
export function useRedirectAfterSignIn() {
  const { status } = useAuth();
  const navigate = useNavigate();
  // The return path is read once; a second run (React's development double effects) would lose it.
  const left = useRef(false);

  useEffect(() => {
    if (status !== 'signedIn' || left.current) return;
    left.current = true;
    const target = signInRedirectPath({
      savedPath: returnPath.take(),
      // Premium comes with subscriptions and the extension, settings and custom sites with their
      // own issues; until then they are unknown, which the rule reads as "not set up" (onboarding).
      isPremium: undefined,
      hasExtension: undefined,
      hasBrowserSettings: undefined,
      hasCustomSites: undefined,
    });
    navigate(target, { replace: true });
  }, [status, navigate]);
}
