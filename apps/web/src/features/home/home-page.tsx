import { memo, useDeferredValue, useId, useState } from 'react';
import { useScrollDepthTracking } from '../../lib/analytics/scroll-depth';
import { useAuth } from '../../lib/auth/auth-context';
import { useExtension } from '../../lib/auth/use-extension';
import { canInstallExtension } from '../../lib/browser';
import { documentTitle } from '../../lib/document-title';
import { useSites } from '../../lib/sites/sites-query';
import { LoadError } from '../../ui/load-error';
import { PageSpinner } from '../../ui/page-spinner';
import { BrowserNotice } from './browser/browser-notice';
import { ExtensionPrompt } from './browser/extension-prompt';
import { FeedbackButton } from './feedback/feedback-button';
import { FeedblockingSection } from './feedblocking/feedblocking-section';
import { useFeedblockingSettings } from './feedblocking/use-feedblocking-settings';
import { Greeting } from './greeting';
import { InsightsSection } from './insights/insights-section';
import { useInsights } from './insights/use-insights';
import { PhoneUseSection } from './phone/phone-use-section';
import { useProfile } from './profile/use-profile';
import { AddSiteProvider } from './sites/add-site-provider';
import { SitesSection } from './sites/sites-section';
import { todayLabel } from './today';

export { homePrefetch } from './home-prefetch';

/**
 * SPEC §2 Home: the greeting, a notice outside Chrome (in desktop Chrome, a prompt while the
 * extension is missing), 'Your web settings' (intercepted sites and feedblocking), this week's
 * pauses below them, and 'Your phone use'. From 1024 px the phone card sits in a column on the
 * right.
 */
export function HomePage() {
  useScrollDepthTracking('home');
  const auth = useAuth();
  const profile = useProfile();
  // Started here so they load alongside the profile rather than after it.
  const sites = useSites();
  const feedblocking = useFeedblockingSettings();
  useInsights();
  // In desktop Chrome, whether the extension prompt shows: it sits above the sections.
  const installable = canInstallExtension();
  const extension = useExtension({ poll: installable, enabled: installable && auth.status === 'signedIn' });

  // The sections above the fold change height as their data arrives (an empty site list is taller
  // than its skeletons), and the extension prompt above them appears once the extension is known
  // to be missing; either pushed everything under them down. The page appears once the profile,
  // both web-settings answers and (in desktop Chrome) the extension check are in; they run side by
  // side, so this costs little extra wait. A first failed try shows the page at once, the section
  // retrying and then saying so. Only the first load waits: a section's 'Try again' later reloads
  // that section, not the page.
  const firstTry = (query: { isPending: boolean; failureCount: number }) =>
    query.isPending && query.failureCount === 0;
  const [sectionsArrived, setSectionsArrived] = useState(false);
  const extensionKnown = !installable || extension !== 'checking';
  if (!sectionsArrived && !firstTry(sites) && !firstTry(feedblocking) && extensionKnown)
    setSectionsArrived(true);
  // The whole page is drawn at once when it appears: drawn as a deferred update, React draws it in
  // slices and lets the browser run between them instead of blocking it for one long task.
  const shown = useDeferredValue(auth.status === 'signedIn' && !profile.isPending && sectionsArrived);
  if (!shown || profile.isPending) {
    return (
      <>
        <title>{documentTitle('Home')}</title>
        <PageSpinner label="Loading your home page" />
      </>
    );
  }

  if (profile.isError) {
    return (
      <div className="flex flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
        <title>{documentTitle('Home')}</title>
        <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Home</h1>
        <LoadError
          message="We couldn't load your home page."
          detail={profile.error.message}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      </div>
    );
  }

  return <HomeSections displayName={profile.data.displayName} email={auth.user?.email} />;
}

/**
 * The page once its first data is in. Each section reads its own data, so the answers that come
 * in later (and every refetch) redraw that section, not the whole page: memo keeps the page's own
 * re-renders, one per answer, from redrawing everything below.
 */
const HomeSections = memo(function HomeSections({
  displayName,
  email,
}: {
  displayName: string | null;
  email: string | null | undefined;
}) {
  return (
    <AddSiteProvider>
      <div className="flex flex-col gap-8 px-4 pt-8 pb-10 sm:px-6 md:pt-12">
        <title>{documentTitle('Home')}</title>
        <header className="flex flex-col gap-1">
          <p className="text-sm font-medium text-muted">{todayLabel(new Date())}</p>
          <Greeting name={displayName} email={email} />
        </header>

        <BrowserNotice />
        <ExtensionPrompt />

        <div className="grid grid-cols-1 gap-12 lg:grid-cols-[minmax(0,1fr)_300px] lg:gap-10">
          <div className="flex min-w-0 flex-col gap-12">
            <WebSettings />
            <InsightsSection />
          </div>
          <PhoneUseSection />
        </div>
      </div>
      <FeedbackButton />
    </AddSiteProvider>
  );
});

function WebSettings() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-8">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink">
        Your web settings
      </h2>
      <SitesSection />
      <FeedblockingSection />
    </section>
  );
}
