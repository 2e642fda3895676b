import { messages } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { track } from '../../../lib/analytics';
import { callApi } from '../../../lib/api';
import { brand } from '../../../lib/brand';
import { currentBrowser, type DetectedBrowser } from '../../../lib/browser';
import { Button } from '../../../ui/Button';
import { showErrorToast } from '../../../ui/toast';

export const REQUEST_BROWSER_LOCATION = 'web app feedback - request browser';

/**
 * SPEC §2 Home: outside Chrome, say the extension needs Chrome and offer 'request {browser}',
 * which sends the request as feedback and then thanks the person.
 */
export function BrowserNotice({ browser = currentBrowser() }: { browser?: DetectedBrowser | null }) {
  const [requested, setRequested] = useState(false);
  const request = useMutation({
    mutationFn: (name: string) =>
      callApi('sendFeedback', {
        content: `Please support ${name}. (${navigator.userAgent})`,
        location: REQUEST_BROWSER_LOCATION,
      }),
    onSuccess: (_data, name) => {
      track('requestBrowserSupport', { browser: name });
      setRequested(true);
    },
    onError: () => showErrorToast(),
  });

  if (!browser || browser.isChrome) return null;
  const { name } = browser;

  return (
    <section
      aria-labelledby="browser-notice-heading"
      className="flex flex-col gap-4 rounded-2xl border border-accent/20 bg-accent-soft p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <InfoIcon />
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
            onClick={() => request.mutate(name)}
            className="w-full sm:w-auto"
          >
            request {name}
          </Button>
        )}
      </div>
    </section>
  );
}

function InfoIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="mt-0.5 size-5 shrink-0 text-accent"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" />
    </svg>
  );
}
