import { messages } from '@stillpoint/core';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { track } from '../../../lib/analytics/track';
import { brand } from '../../../lib/brand';
import { currentBrowser, type DetectedBrowser } from '../../../lib/browser';
import { useSendFeedback } from '../../../lib/feedback';
import { Button } from '../../../ui/button';

/**
 * SPEC §2 Home: outside Chrome, say the extension needs Chrome and offer 'request {browser}',
 * which sends the request as feedback and then thanks the person.
 */
export function BrowserNotice({ browser = currentBrowser() }: { browser?: DetectedBrowser | null }) {
  const [requested, setRequested] = useState(false);
  const request = useSendFeedback('request browser', {
    onSent: () => {
      if (browser) track('requestBrowserSupport', { browser: browser.name });
      setRequested(true);
    },
  });

  if (!browser || browser.isChrome) return null;
  const { name } = browser;

  return (
    <section
      aria-labelledby="browser-notice-heading"
      className="flex flex-col gap-4 rounded-2xl border border-accent/20 bg-accent-soft p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="flex flex-col gap-1">
          <h2 id="browser-notice-heading" className="font-semibold text-ink">
            {brand.name} works in Chrome
          </h2>
          <p className="text-sm text-muted">
            Our browser extension runs in Google Chrome for now, so it can't intercept sites in {name}. Want
            it in {name}? Let us know.
          </p>
        </div>
      </div>
      <div className="shrink-0" aria-live="polite">
        {requested ? (
          <p className="text-sm font-semibold text-accent-strong">{messages.browserRequestThanks}</p>
        ) : (
          <Button
            variant="secondary"
            loading={request.isPending}
            onClick={() => request.mutate(`Please support ${name}. (${navigator.userAgent})`)}
            className="w-full sm:w-auto"
          >
            request {name}
          </Button>
        )}
      </div>
    </section>
  );
}
