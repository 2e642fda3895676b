import { SIGN_IN_PATH } from '@stillpoint/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { returnPath, useAuth } from '../lib/auth';
import { sessionToken } from '../lib/sessionToken';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';

/**
 * SPEC §2 sign-in guard: a full-screen spinner while auth state loads; a signed-out visitor goes to
 * /signin with the same query string. The second guard, for the subscription, is inside the
 * signed-in layout (subscriptionGuard.tsx), so its API code loads with those pages, not this shell.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'signedIn') return children;
  if (status === 'signedOut') return <SendToSignIn />;
  return <FullScreenSpinner />;
}

/**
 * The sign-in guard of a page that may be drawn before the session check answers (/breathe): with
 * a session token stored, the page is drawn at once, and still goes to /signin if the check finds
 * the session over. Its pages must draw without the person's details (useAuth().user is null
 * until then).
 */
export function RequireStoredSession({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'signedIn' || (status === 'loading' && sessionToken.get() !== null)) return children;
  if (status === 'signedOut') return <SendToSignIn />;
  return <FullScreenSpinner />;
}

function SendToSignIn() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // Remembered unless the path is / (SPEC §2): sign-in ends there anyway.
    returnPath.remember(pathname, search, hash);
    navigate({ pathname: SIGN_IN_PATH, search }, { replace: true });
  }, [pathname, search, hash, navigate]);
  return <FullScreenSpinner />;
}
