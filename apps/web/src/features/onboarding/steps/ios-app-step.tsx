import { IOS_SKIP_DELAY_MS } from '@stillpoint/core';
import { useAppLinks } from '../../../lib/app-links';
import { brand } from '../../../lib/brand';
import { Button } from '../../../ui/button';
import { buttonStyles } from '../../../ui/button-styles';
import { StepLayout } from '../../../ui/step-layout';
import { useDelayedReveal } from '../use-delayed-reveal';

/**
 * DOWNLOAD_IOS_APP. On /onboarding-ios the app is the point, so the way on appears after
 * IOS_SKIP_DELAY_MS; elsewhere it is there at once (SPEC §4).
 */
export function IosAppStep({ iosFocused, onNext }: { iosFocused: boolean; onNext(): void }) {
  const canMoveOn = useDelayedReveal(iosFocused ? IOS_SKIP_DELAY_MS : 0);
  return (
    <StepLayout
      title={`Take ${brand.name} with you on iPhone`}
      lead="The same pause before distracting apps, and your screen time at a glance. Sign in with the same account and your settings follow you."
      actions={
        canMoveOn ? (
          <Button variant={iosFocused ? 'primary' : 'secondary'} onClick={onNext}>
            {iosFocused ? 'Continue' : 'Skip for now'}
          </Button>
        ) : null
      }
    >
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface p-5 sm:flex-row sm:items-center sm:justify-between">
        <ul className="flex flex-col gap-1.5 text-sm text-ink">
          <li>• A breathing pause before the apps you choose</li>
          <li>• Daily opens budget for each app</li>
          <li>• Screen time and your streak, synced to this dashboard</li>
        </ul>
        <AppStoreLink />
      </div>
    </StepLayout>
  );
}

/** The App Store button; the store page comes from the server's configuration. */
function AppStoreLink() {
  const links = useAppLinks();
  if (links.data) {
    return (
      <a
        href={links.data.appStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonStyles('primary', 'shrink-0')}
      >
        Get it on the App Store
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  // Without the link the app is still one search away.
  if (links.isError) {
    return <p className="shrink-0 text-sm text-muted">Search for {brand.name} on the App Store.</p>;
  }
  return (
    <Button className="shrink-0" loading>
      Get it on the App Store
    </Button>
  );
}
