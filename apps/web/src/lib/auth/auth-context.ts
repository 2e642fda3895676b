import { createContext, useContext } from 'react';
import type { AuthUser } from './session';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface Auth {
  /**
   * 'loading' until the session is known and, right after a sign-in, until the server has been
   * told about it (syncCurrentUser); 'signedIn' means the account is ready to use.
   */
  status: AuthStatus;
  /**
   * True when signed out, and while the session is being checked with nothing that suggests one
   * (no stored token, no Google or Apple sign-in coming back): a page may then draw its signed-out
   * screen at once instead of waiting, and move on if a session turns up after all.
   */
  expectSignedOut: boolean;
  user: AuthUser | null;
  /** Re-reads the session after a sign-in step; true when someone is signed in. */
  refresh(): Promise<boolean>;
  /** Revokes the session on the server, then forgets it here along with every cached query. */
  signOut(): Promise<void>;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it.');
  return auth;
}
