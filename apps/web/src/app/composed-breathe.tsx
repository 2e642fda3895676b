import { BreathePage } from '../features/intercept/breathe-page';
import { LegacyDataImport } from '../lib/legacy-import/legacy-data-import';
import { RequireStoredSession } from './guards';
import { ExpiredSubscriptionToast } from './layout/expired-subscription-toast';
import { Header } from './layout/header';

/**
 * /breathe, the page the extension opens in place of a paused site: the signed-in layout without
 * its wait for the subscription, drawn as soon as a session token is stored. The pause needs
 * nothing from the network to start, so its first screen is drawn at build time (decision 022)
 * and the app takes over without waiting for the session check; its data fills in as it arrives.
 * One chunk with the page, so the server preloads it with the page.
 */
export function BreatheRoute() {
  return (
    <RequireStoredSession>
      <Header />
      <ExpiredSubscriptionToast />
      <main className="mx-auto w-full max-w-5xl">
        <BreathePage />
      </main>
      <LegacyDataImport />
    </RequireStoredSession>
  );
}
