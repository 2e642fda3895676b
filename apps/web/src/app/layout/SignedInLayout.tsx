import { Outlet } from 'react-router';
import { LegacyDataImport } from '../../lib/legacyImport';
import { RequireSubscription } from '../subscriptionGuard';
import { ExpiredSubscriptionToast } from './ExpiredSubscriptionToast';
import { Header } from './Header';

/**
 * Home, subscription and onboarding (breathe has its own, composedBreathe.tsx): the header above the page, which waits for the
 * subscription (SPEC §2's second guard), and the expired toast when the plan has ended.
 */
export function SignedInLayout() {
  return (
    <>
      <Header />
      <main className="mx-auto w-full max-w-5xl">
        <RequireSubscription>
          <Outlet />
        </RequireSubscription>
      </main>
      <ExpiredSubscriptionToast />
      <LegacyDataImport />
    </>
  );
}
