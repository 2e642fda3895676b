import type { ReactNode } from 'react';

/**
 * The seam for the sign-in guard of SPEC §2. Auth does not exist yet, so for now this renders
 * its children as they are. The auth issue replaces the body: show a FullScreenSpinner while auth
 * state loads, send a signed-out visitor to /signin (keeping the query string and remembering the
 * path unless it is /), then the subscription guard.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  return children;
}
