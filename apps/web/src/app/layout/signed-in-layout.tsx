import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { loadEndpoint } from '../../lib/api-registry';
import { hasSyncedSignIn } from '../../lib/auth/sync-current-user';
import { LegacyDataImport } from '../../lib/legacy-import/legacy-data-import';
import { RequireSubscription } from '../subscription-guard';
import { ExpiredSubscriptionToast } from './expired-subscription-toast';
import { Header } from './header';
import { usePagePrefetch } from './page-prefetch';

/**
 * Home, subscription and onboarding (breathe has its own, composedBreathe.tsx): the header above the page, which waits for the
 * subscription (SPEC §2's second guard), and the expired toast when the plan has ended.
 */
export function SignedInLayout() {
  usePagePrefetch();
  // A new sign-in's sync: its schemas load while the session is checked rather than after it. A
  // returning person's sign-in has synced, so for them it would be two requests in the way of the
  // page. A failure here is the call's own to report.
  useEffect(() => {
    if (!hasSyncedSignIn()) loadEndpoint('syncCurrentUser').catch(() => undefined);
  }, []);
  return (
    <>
      <Header />
      <ExpiredSubscriptionToast />
      <main className="mx-auto w-full max-w-5xl">
        <RequireSubscription>
          <Outlet />
        </RequireSubscription>
      </main>
      <LegacyDataImport />
    </>
  );
}
