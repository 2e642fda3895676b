import { type BrowserSiteSession, epochSeconds, localUserDay, MINUTE_MS } from '@stillpoint/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { startExtensionSession } from '../../lib/extension/actions';
import { reloadSites } from '../../lib/sites/sites-query';
import { newUuid } from './new-uuid';

export interface StartedSession {
  session: BrowserSiteSession;
  /** False when the server did not record it; the session still runs in the extension (SPEC §4). */
  recorded: boolean;
}

/**
 * Starts a timed session on a site: POST startBrowserSiteSession and START_SESSION to the
 * extension, side by side. A server failure does not stop the session; the caller is told so it
 * can say something went wrong. Afterwards every day's site list is refetched.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ siteId, minutes }: { siteId: string; minutes: number }): Promise<StartedSession> => {
      const now = new Date();
      const session: BrowserSiteSession = {
        id: newUuid(),
        siteId,
        lengthInMilliseconds: minutes * MINUTE_MS,
        timeStarted: epochSeconds(now),
        userDay: localUserDay(now),
      };
      const [server] = await Promise.allSettled([
        callApi('startBrowserSiteSession', session),
        startExtensionSession({
          siteId,
          sessionId: session.id,
          numMs: session.lengthInMilliseconds,
          timeStarted: session.timeStarted,
        }),
      ]);
      return { session, recorded: server.status === 'fulfilled' };
    },
    onSettled: () => reloadSites(queryClient),
  });
}
