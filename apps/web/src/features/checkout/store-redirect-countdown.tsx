import { STORE_REDIRECT_COUNTDOWN_SECONDS } from '@stillpoint/core';
import { useEffect, useState } from 'react';
import { brand } from '../../lib/brand';
import { useStoreDeepLink } from '../../lib/deep-links';
import { buttonStyles } from '../../ui/button-styles';
import { Spinner } from '../../ui/spinner';
import { storeRedirect } from './store-redirect';

/**
 * After a purchase (SPEC §4 store redirect countdown): 5 seconds, then off to the deep link; if
 * the link is not made yet, it waits for it. The link is also offered at once, for the impatient.
 */
export function StoreRedirectCountdown() {
  const link = useStoreDeepLink(true);
  const [secondsLeft, setSecondsLeft] = useState(STORE_REDIRECT_COUNTDOWN_SECONDS);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const target = link.url;
  useEffect(() => {
    if (secondsLeft <= 0 && target) storeRedirect.open(target);
  }, [secondsLeft, target]);

  return (
    <div className="flex flex-col items-center gap-5 text-center">
      <p className="text-lg font-medium text-ink">Sending you to the app store...</p>
      {secondsLeft > 0 ? (
        <p
          className="flex size-20 items-center justify-center rounded-full bg-accent-soft text-3xl font-semibold text-accent-strong"
          aria-live="polite"
          aria-atomic="true"
        >
          <span className="sr-only">Leaving in </span>
          {secondsLeft}
          <span className="sr-only"> {secondsLeft === 1 ? 'second' : 'seconds'}</span>
        </p>
      ) : target ? null : (
        <Spinner label="Getting your link ready" className="size-10" />
      )}
      {target ? (
        <a href={target} className={buttonStyles('secondary')}>
          Open the app store now
        </a>
      ) : null}
      {link.failed ? (
        <p role="alert" className="text-sm text-muted">
          We could not make your personal download link, so you'll go to the store page instead. Sign in to{' '}
          {brand.name} there with the same account.
        </p>
      ) : null}
    </div>
  );
}
