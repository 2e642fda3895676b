import { type Account, currentPlanName, messages, type SignInMethod } from '@stillpoint/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { SUBSCRIPTION_PATH } from '../../lib/subscription/checkout-return';
import { useSubscription } from '../../lib/subscription/use-subscription';

export const signInMethodLabels: Record<SignInMethod, string> = {
  PHONE_NUMBER: 'Phone number',
  GOOGLE: 'Google',
  APPLE: 'Apple',
};

const createdFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

interface AccountDetailsProps {
  account: Account;
  formatPhoneNumber(phoneNumber: string): string;
}

/** Who is signed in: the number or address, how they sign in, since when, and their plan. */
export function AccountDetails({ account, formatPhoneNumber }: AccountDetailsProps) {
  const headingId = useId();
  const methods = account.signInMethods.map((method) => signInMethodLabels[method]);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="sr-only">
        Your details
      </h2>
      <dl className="grid gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:grid-cols-[max-content_1fr] sm:gap-x-8 sm:p-7">
        {account.phoneNumber ? (
          <Detail term="Phone number">
            <span className="whitespace-nowrap">{formatPhoneNumber(account.phoneNumber)}</span>
          </Detail>
        ) : null}
        {account.email ? (
          <Detail term="E-mail">
            <span className="break-all">{account.email}</span>
          </Detail>
        ) : null}
        <Detail term="Sign-in methods">{methods.length > 0 ? methods.join(', ') : 'None'}</Detail>
        <Detail term="Account created">{createdFormat.format(new Date(account.createdAt))}</Detail>
        <Detail term="Subscription">
          <SubscriptionSummary />
        </Detail>
      </dl>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:contents">
      <dt className="text-sm font-medium text-muted sm:pt-0.5">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

/** One line from the plan the subscription page shows, and the way to it. */
function SubscriptionSummary() {
  const { status, state, badge } = useSubscription();
  const summary =
    status === 'error'
      ? "We couldn't load your subscription."
      : status !== 'initialised'
        ? 'Loading…'
        : state
          ? (currentPlanName(state.subscriber, new Date()) ?? state.name)
          : messages.noSubscription;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="first-letter:uppercase">{summary}</span>
      {state && badge ? (
        <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-strong">
          {badge}
        </span>
      ) : null}
      <Link
        to={SUBSCRIPTION_PATH}
        className="text-sm font-semibold text-accent underline-offset-2 hover:text-accent-strong hover:underline"
      >
        Manage subscription
      </Link>
    </span>
  );
}
