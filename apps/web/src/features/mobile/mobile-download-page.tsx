import { webPageTitle } from '@stillpoint/core';
import { UserCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useAppLinks } from '../../lib/app-links';
import { brand } from '../../lib/brand';
import { Footer } from '../../lib/footer/footer';
import { StoreBadges } from '../../lib/store-badges/store-badges';
import { StoreQrCode } from '../../lib/store-badges/store-qr-code';
import { NumberedItem } from '../../ui/numbered-item';
import { Page } from '../../ui/page';

/**
 * Mobile download (SPEC §2 /mobileDownload), where the home page's 'Mobile setup' leads: the store
 * badges on a phone, and at medium width and up a QR code per store for the phone beside the
 * computer. Both are drawn; the width shows one.
 */
export function MobileDownloadPage() {
  const links = useAppLinks();
  const getId = useId();
  const stepsId = useId();

  return (
    <Page title={webPageTitle('/mobileDownload')} heading={`Download ${brand.name} on mobile`}>
      <p className="mt-3 max-w-prose text-lg text-muted">
        The pause and the daily budgets, on the apps on your phone, and your screen time and day streak on
        your home page here.
      </p>

      <section
        aria-labelledby={getId}
        className="mt-8 flex flex-col gap-6 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7 md:mt-10"
      >
        <h2 id={getId} className="text-xl font-semibold tracking-tight text-ink">
          Get the app on your phone
        </h2>
        <div className="md:hidden">
          <StoreBadges />
        </div>
        <div className="hidden flex-wrap gap-10 md:flex">
          <StoreQrCode store="appStore" />
          <StoreQrCode store="googlePlay" />
          {links.isError ? (
            <p className="text-sm text-muted">Search for {brand.name} on the App Store or Google Play.</p>
          ) : null}
        </div>
        <p className="flex items-start gap-3 rounded-2xl bg-accent-soft p-4 text-accent-strong">
          <UserCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>You'll be able to sign in with the same account.</span>
        </p>
      </section>

      <section aria-labelledby={stepsId} className="mt-12 flex flex-col gap-4">
        <h2 id={stepsId} className="text-xl font-semibold tracking-tight text-ink">
          Setting up takes a minute
        </h2>
        <ol className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <NumberedItem
            number={1}
            className="rounded-2xl border border-line bg-surface p-4 text-sm text-muted"
          >
            Install {brand.name} from your phone's app store.
          </NumberedItem>
          <NumberedItem
            number={2}
            className="rounded-2xl border border-line bg-surface p-4 text-sm text-muted"
          >
            Sign in the way you sign in here: Google, Apple or your phone number.
          </NumberedItem>
          <NumberedItem
            number={3}
            className="rounded-2xl border border-line bg-surface p-4 text-sm text-muted"
          >
            Choose the apps to limit. Your phone use shows on your{' '}
            <Link to="/" className="font-medium text-accent underline-offset-4 hover:underline">
              home page
            </Link>
            .
          </NumberedItem>
        </ol>
      </section>

      <Footer />
    </Page>
  );
}
