import { Navigate } from 'react-router';

/**
 * SPEC §2 /signout: reset state, sign out, go to /signin. Auth arrives with the next issue; until
 * then there is nothing to reset, so it goes straight to /signin.
 */
export function SignOutPage() {
  return <Navigate to="/signin" replace />;
}
