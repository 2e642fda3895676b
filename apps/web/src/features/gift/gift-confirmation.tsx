import { GIFT_DURATION_YEARS, GIFT_PATH, webPageTitle } from '@stillpoint/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { ShowcaseLayout } from '../../ui/showcase-layout';
import { Spinner } from '../../ui/spinner';
import { CopyButton, GiftCodes } from './gift-codes';
import { GIVE_THE_GIFT } from './gift-copy';
import { type GiftPurchase, type GiftPurchasePhase, useGiftPurchase } from './use-gift-purchase';

const headings: Record<GiftPurchasePhase, string> = {
  checking: 'Confirming your payment',
  paid: 'Success!',
  notConfirmed: "Your payment isn't confirmed yet",
  notFound: "We couldn't find this gift purchase",
  failed: "We couldn't check your purchase",
};

/**
 * /gift back from checkout (SPEC §2): 'Success!' and every code, but only once the server says the
 * purchase named by the address is paid. Until then it waits; an address that names no purchase
 * shows no success and no code.
 */
export function GiftConfirmation({
  lookup,
}: {
  lookup: { sessionId: string; redemptionCode: string } | null;
}) {
  const { phase, purchase, retrying, retry } = useGiftPurchase(lookup);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstPhase = useRef(phase);
  // The page changes in place as the payment is confirmed: the new heading is where a screen
  // reader goes on reading. The first one is simply the page's top.
  useEffect(() => {
    if (phase !== firstPhase.current) headingRef.current?.focus();
  }, [phase]);

  return (
    <ShowcaseLayout screens={['breatheChoice', 'homeSites']}>
      <div className="px-4 py-10 sm:px-6 md:py-14">
        <title>{webPageTitle('/gift')}</title>
        {/* Not centred: its left edge is the logo's (BrandBar). */}
        <div className="flex max-w-xl flex-col gap-6">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-balance text-3xl font-semibold tracking-tight text-ink outline-none sm:text-4xl"
          >
            {headings[phase]}
          </h1>
          <PhaseContent phase={phase} purchase={purchase} retrying={retrying} onRetry={retry} />
          <SupportLine />
        </div>
      </div>
    </ShowcaseLayout>
  );
}

function PhaseContent({
  phase,
  purchase,
  retrying,
  onRetry,
}: {
  phase: GiftPurchasePhase;
  purchase: GiftPurchase | null;
  retrying: boolean;
  onRetry(): void;
}) {
  switch (phase) {
    case 'checking':
      return (
        <div className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-5">
          <Spinner label="Confirming your payment…" className="size-6" />
          <p className="text-muted">
            <span aria-hidden="true">Confirming your payment… </span>
            This usually takes a few seconds.
          </p>
        </div>
      );
    case 'paid':
      return purchase ? <PaidPurchase purchase={purchase} /> : null;
    case 'notConfirmed':
      return (
        <div className="flex flex-col gap-4">
          <p className="text-muted">
            The payment provider hasn't told us about your payment yet. This can take a minute. Once it's
            confirmed, your codes also come by e-mail.
          </p>
          <Button variant="secondary" className="self-start" loading={retrying} onClick={onRetry}>
            Check again
          </Button>
        </div>
      );
    case 'notFound':
      return (
        <div className="flex flex-col gap-4">
          <p className="text-muted">
            This address doesn't match a gift purchase; it may be incomplete. If you bought a gift, your codes
            are in the confirmation e-mail.
          </p>
          <Link
            to={GIFT_PATH}
            className="self-start font-semibold text-accent underline-offset-4 hover:underline"
          >
            {GIVE_THE_GIFT}
          </Link>
        </div>
      );
    case 'failed':
      return (
        <LoadError
          message={`We couldn't reach ${brand.name} to confirm your purchase.`}
          detail="Your payment is safe; try again in a moment."
          retrying={retrying}
          onRetry={onRetry}
        />
      );
  }
}

function PaidPurchase({ purchase }: { purchase: GiftPurchase }) {
  const redeemId = useId();
  const several = purchase.codes.length > 1;
  return (
    <>
      <p className="text-lg text-muted">
        Thank you for giving {brand.name}.{' '}
        {several
          ? `Here are your ${purchase.codes.length} gift codes; each gives one person ${GIFT_DURATION_YEARS} year of Premium.`
          : `Here is your gift code; it gives one person ${GIFT_DURATION_YEARS} year of Premium.`}
      </p>
      <GiftCodes codes={purchase.codes} voided={purchase.voidedCodes} />
      <section aria-labelledby={redeemId} className="flex flex-col gap-2">
        <h2 id={redeemId} className="text-lg font-semibold text-ink">
          How to redeem
        </h2>
        <p className="text-muted">
          Send {several ? 'each person their code' : 'the code'}. They open the page below, sign in and enter
          it.
        </p>
        {/* The address on one line, never broken inside a word: it scrolls in its box if it must. */}
        <div className="flex items-center gap-2 rounded-2xl border border-line bg-surface py-1.5 pr-1.5 pl-4 shadow-sm">
          <a
            href={purchase.redeemUrl}
            data-testid="redeem-link"
            className="min-w-0 flex-1 overflow-x-auto whitespace-nowrap py-2 font-medium text-accent underline-offset-4 hover:underline"
          >
            {purchase.redeemUrl.replace(/^https?:\/\//, '')}
          </a>
          <CopyButton value={purchase.redeemUrl} label="the link" />
        </div>
      </section>
      <p className="rounded-2xl bg-accent-soft p-4 text-sm text-accent-strong">
        We've sent a confirmation e-mail with {several ? 'every code' : 'the code'}
        {purchase.email ? (
          <>
            {' '}
            to {/* One piece: it moves to a line of its own rather than break at a hyphen or a dot. */}
            <span className="inline-block max-w-full font-semibold break-words">{purchase.email}</span>
          </>
        ) : null}
        .
      </p>
      <Link
        to={GIFT_PATH}
        className="self-start text-sm font-semibold text-accent underline-offset-4 hover:underline"
      >
        Buy another gift
      </Link>
    </>
  );
}

function SupportLine(): ReactNode {
  return (
    <p className="border-t border-line pt-5 text-sm text-muted">
      Questions about your gift? Write to{' '}
      <a
        href={`mailto:${brand.supportEmail}`}
        className="font-medium text-accent underline-offset-4 hover:underline"
      >
        {brand.supportEmail}
      </a>
      .
    </p>
  );
}
