import {
  isSignInRedirectSettled,
  localUserDay,
  type SignInRedirectFacts,
  signInRedirectPath,
} from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { returnPath } from '../../lib/auth/return-path';
import { useExtension } from '../../lib/auth/use-extension';
import { feedblockingSettingsQuery } from '../../lib/feedblocking';
// The query alone: the sites barrel brings the site editing code and its schemas to this page.
import { sitesQuery } from '../../lib/sites/sites-query';
import { useSubscription } from '../../lib/subscription/use-subscription';

/**
 * How long sign-in waits for the facts it needs before choosing with what it knows (an unknown
 * fact counts as not set up, so the person goes to onboarding, which is always safe).
 */
export const SIGN_IN_FACTS_WAIT_MS = 4000;

/**
 * Once the person is signed in (and synced), leave /signin for where SPEC §2 says: the remembered
 * page, else home when fully set up (premium, extension, browser settings and custom sites), else
 * onboarding. This also covers a Google or Apple sign-in that came back by redirect, and a
 * signed-in person who opens /signin.
 */
export function useRedirectAfterSignIn() {
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const navigate = useNavigate();
  const { facts, loading } = useSetUpFacts(signedIn);
  const [waitedEnough, setWaitedEnough] = useState(false);
  // The return path is read once; a second read (React's development double effects) would lose it.
  const savedPath = useRef<string | null | undefined>(undefined);
  const left = useRef(false);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => setWaitedEnough(true), SIGN_IN_FACTS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [signedIn]);

  const { isPremium, hasExtension, hasBrowserSettings, hasCustomSites } = facts;
  useEffect(() => {
    if (!signedIn || left.current) return;
    if (savedPath.current === undefined) savedPath.current = returnPath.take();
    const known = {
      savedPath: savedPath.current,
      isPremium,
      hasExtension,
      hasBrowserSettings,
      hasCustomSites,
    };
    if (!isSignInRedirectSettled(known) && loading && !waitedEnough) return;
    left.current = true;
    navigate(signInRedirectPath(known), { replace: true });
  }, [
    signedIn,
    isPremium,
    hasExtension,
    hasBrowserSettings,
    hasCustomSites,
    loading,
    waitedEnough,
    navigate,
  ]);
}

/**
 * What sign-in needs to know about the person, each undefined until known. A fact that failed to
 * load stays unknown but stops being waited for.
 */
function useSetUpFacts(enabled: boolean): {
  facts: Omit<SignInRedirectFacts, 'savedPath'>;
  loading: boolean;
} {
  const subscription = useSubscription();
  const extension = useExtension({ enabled });
  const settings = useQuery({ ...feedblockingSettingsQuery(), enabled });
  const sites = useQuery({ ...sitesQuery(localUserDay(new Date())), enabled });

  const facts = {
    isPremium: subscription.status === 'initialised' ? subscription.isPremium : undefined,
    hasExtension: extension === 'checking' ? undefined : extension === 'installed',
    hasBrowserSettings: settings.data === undefined ? undefined : settings.data !== null,
    hasCustomSites: sites.data === undefined ? undefined : sites.data.length > 0,
  };
  const loading =
    subscription.status === 'loading' ||
    subscription.status === 'notInitialised' ||
    extension === 'checking' ||
    settings.isPending ||
    sites.isPending;
  return { facts, loading };
}
