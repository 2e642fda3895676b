const SYNCED_SESSION_KEY = 'stillpoint.syncedSession';
const TRIAL_EMAIL_KEY = 'stillpoint.trialEmail';
const inFlight = new Map<string, Promise<void>>();

/** Whether this sign-in (session) has already told the server about itself. */
export const isSessionSynced = (sessionId: string): boolean =>
  localStorage.getItem(SYNCED_SESSION_KEY) === sessionId;

/**
 * Whether a sign-in on this browser has told the server about itself: then the current one almost
 * surely has (a new sign-in replaces the note only once it syncs), and its sync is not awaited.
 */
export const hasSyncedSignIn = (): boolean => localStorage.getItem(SYNCED_SESSION_KEY) !== null;

export const forgetSyncedSession = (): void => localStorage.removeItem(SYNCED_SESSION_KEY);

/**
 * The sign-in page's trialEmail query parameter, kept for this tab until the sync sends it: a
 * Google or Apple sign-in may leave the page and come back before the sync runs.
 */
export const pendingTrialEmail = {
  remember: (email: string): void => sessionStorage.setItem(TRIAL_EMAIL_KEY, email),
  read: (): string | undefined => sessionStorage.getItem(TRIAL_EMAIL_KEY) ?? undefined,
  clear: (): void => sessionStorage.removeItem(TRIAL_EMAIL_KEY),
};

/**
 * POST /api/syncCurrentUser once per sign-in: the server creates the profile on first sign-in and
 * records the browser's time zone (day numbers follow the local day) and any trial e-mail.
 * Concurrent callers share one request. A failure is left unrecorded, so the next load retries.
 */
export function syncCurrentUser(sessionId: string): Promise<void> {
  const running = inFlight.get(sessionId);
  if (running) return running;
  // The API client (with its schemas) loads on first use, not with the app shell.
  const request = import('../api')
    .then(({ callApi }) =>
      callApi('syncCurrentUser', {
        timezoneOffsetMinutes: new Date().getTimezoneOffset(),
        trialEmail: pendingTrialEmail.read(),
      }),
    )
    .then(() => {
      localStorage.setItem(SYNCED_SESSION_KEY, sessionId);
      pendingTrialEmail.clear();
    })
    .finally(() => inFlight.delete(sessionId));
  inFlight.set(sessionId, request);
  return request;
}
