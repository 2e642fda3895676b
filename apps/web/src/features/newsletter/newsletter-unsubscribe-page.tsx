import { NEWSLETTER_TOKEN_PARAM, webPageTitle } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError, callApi } from '../../lib/api';
import { brand } from '../../lib/brand';
import { NewsletterSignup } from '../../lib/footer/newsletter-signup';
import { usePress } from '../../lib/use-press';
import { Button } from '../../ui/button';
import { Page } from '../../ui/page';
import { Outcome } from './outcome';

/**
 * Where a newsletter e-mail's unsubscribe link leads (docs/newsletter.md). Opening it changes
 * nothing, since mail scanners open links by themselves; the button unsubscribes. Pressing it again,
 * or on a link used before, is fine and reads the same.
 */
export function NewsletterUnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get(NEWSLETTER_TOKEN_PARAM) ?? '';
  const press = usePress();
  const unsubscribe = useMutation({
    mutationFn: async () => {
      try {
        return (await callApi('unsubscribeNewsletter', { token })).status;
      } catch (error) {
        // A key the server refuses as malformed is a link that is not valid.
        if (error instanceof ApiError && error.code === 'BAD_REQUEST') return 'invalid' as const;
        throw error;
      }
    },
    onSettled: press.end,
  });
  const outcome = token === '' ? 'invalid' : unsubscribe.data;

  return (
    <Page title={webPageTitle('/newsletter/unsubscribe')} heading={`The ${brand.name} newsletter`}>
      {outcome === 'unsubscribed' ? (
        <Outcome tone="done" heading="You're unsubscribed">
          <p className="text-muted">
            You won't get the {brand.name} newsletter at this address any more. Changed your mind? Sign up
            again here.
          </p>
          <NewsletterSignup />
          <Link
            to="/"
            className="inline-flex min-h-9 items-center self-start text-sm font-medium text-accent underline-offset-4 hover:underline"
          >
            Continue to {brand.name}
          </Link>
        </Outcome>
      ) : outcome === 'invalid' ? (
        <Outcome tone="problem" heading="This unsubscribe link isn't valid">
          <p className="text-muted">
            It may be incomplete: open it from the e-mail again. Your mail app may also show an Unsubscribe
            button beside the e-mail's sender.
          </p>
        </Outcome>
      ) : (
        <section className="mt-8 flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7 md:mt-10">
          <h2 className="text-xl font-semibold tracking-tight text-ink">Unsubscribe from the newsletter?</h2>
          <p className="text-muted">
            You'll stop getting the {brand.name} newsletter at the address this link was sent to.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p role="alert" className="text-sm font-medium text-danger empty:hidden">
              {unsubscribe.isError ? unsubscribe.error.message : null}
            </p>
            <Button
              loading={unsubscribe.isPending}
              onClick={() => {
                if (press.start()) unsubscribe.mutate();
              }}
              className="min-h-12 w-full px-8 text-base sm:ml-auto sm:w-auto"
            >
              Unsubscribe
            </Button>
          </div>
        </section>
      )}
    </Page>
  );
}
