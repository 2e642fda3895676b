import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { setAccessTokenProvider } from '../access-token';
import { sessionToken } from '../session-token';
import { type Auth, AuthContext, type AuthStatus } from './auth-context';
import { type AuthSession, fetchSession, loadAuthClient, sessionQueryKey, useSessionHinted } from './session';
import { sessionSignal } from './session-signal';
import { forgetSyncedSession, isSessionSynced, syncCurrentUser } from './sync-current-user';

// Registered on import rather than in an effect: children's effects run first, and their calls
// must already carry the token.
setAccessTokenProvider(() => sessionToken.get());

/** Observes the Better Auth session and shares it as `useAuth()` (status, user, signOut). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession });
  const current = session.data ?? null;
  // Sessions whose sync was attempted on this page, so a failed sync does not block the app.
  const [attempted, setAttempted] = useState<ReadonlySet<string>>(() => new Set());

  // Phone verification, pop-up sign-in and sign-out all raise Better Auth's session signal.
  useEffect(
    () => sessionSignal.listen(() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })),
    [queryClient],
  );

  const syncPending = current !== null && !isSessionSynced(current.id) && !attempted.has(current.id);
  useEffect(() => {
    if (!current || !syncPending) return;
    const { id } = current;
    syncCurrentUser(id)
      .catch((error: unknown) =>
        console.warn('Could not sync the signed-in user; retrying next visit.', error),
      )
      .finally(() => setAttempted((ids) => new Set(ids).add(id)));
  }, [current, syncPending]);

  // Once per signed-in session on this page: bring the extension along (loaded on demand, so the
  // app shell stays small; without an extension this is one unanswered message).
  const signedInUserId = current && !syncPending ? current.user.uid : null;
  useEffect(() => {
    if (!signedInUserId) return;
    void import('./extension-link')
      .then(({ linkExtension }) => linkExtension(signedInUserId))
      .catch((error: unknown) => console.warn('Could not sign the extension in.', error));
  }, [signedInUserId]);

  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: sessionQueryKey });
    return Boolean(queryClient.getQueryData<AuthSession | null>(sessionQueryKey));
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      // With the bearer token, so the server revokes this session (the token then gets 401).
      await (await loadAuthClient()).signOut();
    } catch {
      // Offline: the session is still forgotten here, and expires on the server.
    }
    sessionToken.clear();
    forgetSyncedSession();
    // All this tab kept for the person goes too: the return path, the trial e-mail, their place
    // in onboarding.
    sessionStorage.clear();
    await queryClient.cancelQueries({ queryKey: sessionQueryKey });
    // Everything cached belonged to the person who signed out.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    queryClient.setQueryData(sessionQueryKey, null);
  }, [queryClient]);

  const hinted = useSessionHinted();
  const status: AuthStatus = session.isPending
    ? 'loading'
    : current === null
      ? 'signedOut'
      : syncPending
        ? 'loading'
        : 'signedIn';

  const expectSignedOut = status === 'signedOut' || (session.isPending && !hinted);

  const auth = useMemo<Auth>(
    () => ({ status, expectSignedOut, user: current?.user ?? null, refresh, signOut }),
    [status, expectSignedOut, current, refresh, signOut],
  );
  // The session's answer reaches this component synchronously (TanStack Query hands it over through
  // useSyncExternalStore), and every page reads it: passed on as is, it would redraw the whole page
  // in one long task. Deferred, React redraws what depends on it in slices, between which the
  // browser paints and takes input (Lighthouse's Total Blocking Time).
  const shared = useDeferredValue(auth);
  return <AuthContext value={shared}>{children}</AuthContext>;
}
