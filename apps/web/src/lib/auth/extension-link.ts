import { callApi } from '../api';
import { handTokenToExtension, pulseCheck } from '../extension/actions';

let inFlight: { userId: string; attempt: Promise<boolean> } | null = null;

/**
 * Signs the browser extension in as the person signed in here (SPEC §7 USER_ACCESS_TOKEN_EXCHANGE):
 * when the extension is installed and holds no session, or another person's, it gets a fresh
 * single-use token from createCustomFirebaseToken and trades it for its own session.
 * Resolves true when a token was handed over. Callers at the same moment (sign-in and a page
 * that just found the extension) share one attempt, so only one token is made.
 */
export function linkExtension(userId: string): Promise<boolean> {
  if (inFlight?.userId === userId) return inFlight.attempt;
  const attempt = handOverIfNeeded(userId).finally(() => {
    if (inFlight?.attempt === attempt) inFlight = null;
  });
  inFlight = { userId, attempt };
  return attempt;
}

async function handOverIfNeeded(userId: string): Promise<boolean> {
  const pulse = await pulseCheck();
  if (!pulse || (pulse.signedIn && pulse.userId === userId)) return false;
  const { token } = await callApi('createCustomFirebaseToken');
  await handTokenToExtension(token);
  return true;
}
