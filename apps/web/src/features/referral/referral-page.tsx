import {
  referralPageTitle,
  referrerDisplayName,
  referringUserIdFrom,
  SHARED_BY_NAME_PARAM,
  SHARED_BY_USER_ID_PARAM,
} from '@stillpoint/core';
import { ChartColumn, Timer, Wind } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { brand } from '../../lib/brand';
import { Footer } from '../../lib/footer/footer';
import { GetTheAppCard } from '../../lib/store-badges/get-the-app-card';
import { StoreBadges } from '../../lib/store-badges/store-badges';
import { FeatureItem } from '../../ui/feature-item';
import { Page } from '../../ui/page';
import { useReferralVisit } from './use-referral-visit';

/**
 * Referral landing (SPEC §2 /referral-link): who shared the link, the store badges and, on wide
 * screens, a QR code to the App Store for the phone in the visitor's pocket. The visit and a
 * press on a badge are recorded for the person who shared it (useReferralVisit).
 */
export function ReferralPage() {
  const [search] = useSearchParams();
  const name = referrerDisplayName(search.get(SHARED_BY_NAME_PARAM));
  const visit = useReferralVisit(referringUserIdFrom(search.get(SHARED_BY_USER_ID_PARAM)));
  const whatId = useId();

  return (
    <Page
      title={referralPageTitle(name)}
      heading={
        name ? (
          <>
            {/* React escapes the name: the address is anyone's to write. */}
            <span className="text-accent">{name}</span> invited you to {brand.name}
          </>
        ) : (
          `You've been invited to ${brand.name}`
        )
      }
    >
      <p className="mt-3 max-w-prose text-lg text-muted">
        {brand.name} puts a short pause between you and the apps and sites that pull you in, so more of your
        day goes where you mean it to.
      </p>

      <GetTheAppCard
        heading="Get the app on your phone"
        description="Install it, sign in, and choose the apps that take more of your time than you'd like."
        qrStore="appStore"
      >
        <StoreBadges
          label={`Download ${brand.name}`}
          newTab={false}
          onPress={visit.onPress}
          pending={visit.pending}
        />
      </GetTheAppCard>

      <section aria-labelledby={whatId} className="mt-12 flex flex-col gap-5">
        <h2 id={whatId} className="text-xl font-semibold tracking-tight text-ink">
          What {brand.name} does
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <FeatureItem
            layout="column"
            icon={<Wind aria-hidden="true" className="size-5" />}
            title="A breath first"
          >
            Open a distracting app or site and {brand.name} asks you to pause, then lets you decide.
          </FeatureItem>
          <FeatureItem
            layout="column"
            icon={<Timer aria-hidden="true" className="size-5" />}
            title="A budget for each"
          >
            Choose how many sessions a day each one gets, and keep the rest of the day for yourself.
          </FeatureItem>
          <FeatureItem
            layout="column"
            icon={<ChartColumn aria-hidden="true" className="size-5" />}
            title="Your day, summed up"
          >
            Screen time today, your day streak and each app's use, on your phone and on the web.
          </FeatureItem>
        </ul>
      </section>

      <Footer />
    </Page>
  );
}
