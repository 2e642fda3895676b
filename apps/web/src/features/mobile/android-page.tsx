import { webPageTitle } from '@stillpoint/core';
import { ChartColumn, Laptop, Timer, Wind } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { Footer } from '../../lib/footer/footer';
import { GetTheAppCard } from '../../lib/store-badges/get-the-app-card';
import { StoreBadges } from '../../lib/store-badges/store-badges';
import { FeatureItem } from '../../ui/feature-item';
import { Page } from '../../ui/page';

/**
 * The Android landing (SPEC §2 lists /android without its content): what Stillpoint does on an
 * Android phone and its Google Play page (from the server's app links), as a badge everywhere and,
 * on a computer's screen, a QR code to scan.
 */
export function AndroidPage() {
  const whatId = useId();

  return (
    <Page title={webPageTitle('/android')} heading={`${brand.name} for Android`}>
      <p className="mt-3 max-w-prose text-lg text-muted">
        A breath between you and the apps that pull you in, on your Android phone. You decide what is worth
        opening; {brand.name} makes sure it is a decision.
      </p>

      <GetTheAppCard
        heading="Get it on Google Play"
        description="Sign in with the same account as on the web, and your plan comes with you."
        qrStore="googlePlay"
      >
        <StoreBadges stores={['googlePlay']} label={`Get ${brand.name} for Android`} />
        <p className="text-sm text-muted">
          On an iPhone?{' '}
          <Link to="/mobileDownload" className="font-medium text-accent underline-offset-4 hover:underline">
            {brand.name} is on the App Store too
          </Link>
          .
        </p>
      </GetTheAppCard>

      <section aria-labelledby={whatId} className="mt-12 flex flex-col gap-5">
        <h2 id={whatId} className="text-xl font-semibold tracking-tight text-ink">
          What it does on your phone
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FeatureItem icon={<Wind aria-hidden="true" className="size-5" />} title="A pause before the pull">
            Open an app you chose to limit and {brand.name} asks you to take a breath first. Then go in, or
            don't.
          </FeatureItem>
          <FeatureItem icon={<Timer aria-hidden="true" className="size-5" />} title="A daily budget per app">
            Decide how many opens a day each app gets, and see today's opens against it.
          </FeatureItem>
          <FeatureItem
            icon={<ChartColumn aria-hidden="true" className="size-5" />}
            title="Your phone use, summed up"
          >
            Screen time today, your day streak and each app's use this week, in the app and on your home page
            on the web.
          </FeatureItem>
          <FeatureItem icon={<Laptop aria-hidden="true" className="size-5" />} title="One account everywhere">
            The same account works in the web app and the Chrome extension, which pause distracting sites on
            your computer too.
          </FeatureItem>
        </ul>
      </section>

      <Footer />
    </Page>
  );
}
