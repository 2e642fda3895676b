export { AuthProvider } from './AuthProvider';
export { type Auth, type AuthStatus, useAuth } from './authContext';
export { returnPath } from './returnPath';
export type { AuthUser } from './session';
export { pendingTrialEmail } from './syncCurrentUser';
