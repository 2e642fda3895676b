import { NEWSLETTER_TOKEN_PARAM, type NewsletterConfirmationOutcome, webPageTitle } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError, callApi } from '../../lib/api';
import { brand } from '../../lib/brand';
import { NewsletterSignup } from '../../lib/footer/newsletter-signup';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { Outcome } from './outcome';

/**
 * Where a confirmation e-mail's link leads (docs/newsletter.md): it confirms the sign-up by a call
 * the page makes, so a mail scanner that only fetches the link confirms nothing, and says what
 * happened: confirmed, confirmed already, expired or not valid (these two with the form to sign up
 * again).
 */
export function NewsletterConfirmPage() {
  const [search] = useSearchParams();
  const token = search.get(NEWSLETTER_TOKEN_PARAM) ?? '';
  // A query, not a mutation: it runs once per link even when the page mounts twice (StrictMode,
  // a remount), and a second run would only read "already confirmed".
  const confirmation = useQuery({
    queryKey: ['confirmNewsletter', token],
    queryFn: () => confirmOutcome(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const outcome: NewsletterConfirmationOutcome | null =
    token === '' ? 'invalid' : (confirmation.data ?? null);
  return (
    <Page title={webPageTitle('/newsletter/confirm')} heading={`The ${brand.name} newsletter`}>
      {outcome ? (
        <ConfirmationOutcome outcome={outcome} />
      ) : confirmation.isError ? (
        <div className="mt-8 md:mt-10">
          <LoadError
            message="We couldn't confirm your sign-up"
            detail={confirmation.error.message}
            retrying={confirmation.isFetching}
            onRetry={() => void confirmation.refetch()}
          />
        </div>
      ) : (
        <div className="mt-10 flex items-center gap-3 text-muted">
          <Spinner label="Confirming your sign-up" className="size-6" />
          <span aria-hidden="true">Confirming your sign-up…</span>
        </div>
      )}
    </Page>
  );
}

/** The call's answer; a key the server refuses as malformed is a link that is not valid. */
async function confirmOutcome(token: string): Promise<NewsletterConfirmationOutcome> {
  try {
    return (await callApi('confirmNewsletter', { token })).status;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'BAD_REQUEST') return 'invalid';
    throw error;
  }
}

function ConfirmationOutcome({ outcome }: { outcome: NewsletterConfirmationOutcome }) {
  switch (outcome) {
    case 'confirmed':
      return (
        <Outcome tone="done" heading="You're subscribed">
          <p className="text-muted">
            Your sign-up is confirmed: the {brand.name} newsletter will come to this address. Every issue has
            a link to unsubscribe.
          </p>
          <ContinueLink />
        </Outcome>
      );
    case 'alreadyConfirmed':
      return (
        <Outcome tone="done" heading="Already confirmed">
          <p className="text-muted">
            This address is on the newsletter already: there is nothing more to do.
          </p>
          <ContinueLink />
        </Outcome>
      );
    case 'expired':
      return (
        <Outcome tone="problem" heading="This link has expired">
          <p className="text-muted">Nothing was confirmed. Sign up again and we'll send you a new link.</p>
          <NewsletterSignup />
        </Outcome>
      );
    case 'invalid':
      return (
        <Outcome tone="problem" heading="This link isn't valid">
          <p className="text-muted">
            It may be incomplete, or no longer work: a link stops working when the address unsubscribes. Sign
            up again for a new one.
          </p>
          <NewsletterSignup />
        </Outcome>
      );
  }
}

function ContinueLink() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-9 items-center self-start text-sm font-medium text-accent underline-offset-4 hover:underline"
    >
      Continue to {brand.name}
    </Link>
  );
}
