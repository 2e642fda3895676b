import { Download } from 'lucide-react';
import { brand } from '../../../lib/brand';
import { useStoreDeepLink } from '../../../lib/deep-links';
import { LazyPurchaseConfirmation } from '../../../lib/purchase-confirmation/lazy-purchase-confirmation';
import { buttonStyles } from '../../../ui/button-styles';
import { Spinner } from '../../../ui/spinner';
import { StepLayout } from '../../../ui/step-layout';

/**
 * REDIRECT_TO_DOWNLOAD: welcome, and the way to the app through a deep link made for this person
 * (SPEC §2); if it cannot be made, the device's store page or this website.
 */
export function DownloadStep({ alreadyPremium }: { alreadyPremium: boolean }) {
  const link = useStoreDeepLink(true);
  return (
    <StepLayout
      title={`Welcome to ${brand.name}`}
      lead={
        alreadyPremium
          ? 'You already have premium, so there was nothing to pay. Get the app and sign in with the same account.'
          : 'Your free trial has started. Get the app on your phone and sign in with the same account: your plan is waiting there.'
      }
    >
      {alreadyPremium ? null : (
        <div className="mb-6">
          <LazyPurchaseConfirmation expect="plan" />
        </div>
      )}
      <div className="flex flex-col items-start gap-3">
        {link.url ? (
          <a href={link.url} className={buttonStyles('primary', 'min-h-12 px-8 text-base')}>
            <Download aria-hidden="true" className="size-5" />
            Download {brand.name}
          </a>
        ) : (
          <span className="flex min-h-12 items-center gap-2 text-muted">
            <Spinner label="Preparing your download link" className="size-5" />
            <span aria-hidden="true">Preparing your download link…</span>
          </span>
        )}
        <a href="/" className="text-sm font-medium text-accent hover:underline">
          Or continue on the web
        </a>
      </div>
    </StepLayout>
  );
}
