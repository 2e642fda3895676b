import { SIGN_IN_PATH } from '@stillpoint/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth/auth-context';
import { returnPath } from '../lib/auth/return-path';
import { documentTitle } from '../lib/document-title';
import { useIsStored } from '../lib/first-screen';
import { SESSION_TOKEN_KEY } from '../lib/session-token';
import { FullScreenSpinner } from '../ui/full-screen-spinner';

/**
 * SPEC §2's sign-in guard, drawn before the session check answers when it can: with a session
 * token stored, the page is drawn at once (the signed-in layout with its page spinner, /breathe),
 * and still goes to /signin if the check finds the session over. Without one, a full-screen
 * spinner until the check answers; a signed-out visitor goes to /signin with the same query. Its
 * pages must draw without the person's details (useAuth().user is null until then); the
 * subscription guard inside the signed-in layout (subscriptionGuard.tsx) waits for them.
 */
export function RequireStoredSession({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const tokenStored = useIsStored(`local:${SESSION_TOKEN_KEY}`);
  if (status === 'signedIn' || (status === 'loading' && tokenStored)) return children;
  if (status === 'signedOut') return <SendToSignIn />;
  return <FullScreenSpinner title={documentTitle('Loading')} />;
}

function SendToSignIn() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // Remembered unless the path is / (SPEC §2): sign-in ends there anyway.
    returnPath.remember(pathname, search, hash);
    navigate({ pathname: SIGN_IN_PATH, search }, { replace: true });
  }, [pathname, search, hash, navigate]);
  return <FullScreenSpinner title={documentTitle('Sign in')} />;
}
