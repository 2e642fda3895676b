import {
  canBuyGifts,
  GIFT_DURATION_YEARS,
  giftOfferText,
  giftTotalText,
  messages,
  REDEEM_PATH,
  TERMS_CHANGED_MESSAGE,
  webPageTitle,
} from '@stillpoint/core';
import { Gift } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { useBrowserValue } from '../../lib/first-screen';
import { Footer } from '../../lib/footer/footer';
import { PurchaseTerms } from '../../lib/purchase-terms/purchase-terms';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { NumberedItem } from '../../ui/numbered-item';
import { Page } from '../../ui/page';
import { ShowcaseLayout } from '../../ui/showcase-layout';
import { GIVE_THE_GIFT } from './gift-copy';
import { QuantityStepper } from './quantity-stepper';
import { useGiftCheckout } from './use-gift-checkout';
import { useGiftPrice } from './use-gift-price';

/** SPEC §2 /gift: the stepper starts at one gift. */
const FIRST_QUANTITY = 1;

/**
 * SPEC §2 /gift: the offer, priced from the provider, a stepper for how many, and 'Buy gift',
 * which leaves for hosted checkout. No account is needed to give.
 */
export function GiftOffer({ referralGroup }: { referralGroup: string | undefined }) {
  const gift = useGiftPrice();
  const checkout = useGiftCheckout();
  const [quantity, setQuantity] = useState(FIRST_QUANTITY);
  const offerId = useId();
  const price = gift.price;

  return (
    <ShowcaseLayout screens={['breatheChoice', 'homeSites']}>
      <Page title={webPageTitle('/gift')} heading={GIVE_THE_GIFT}>
        <p className="mt-3 max-w-prose text-lg text-muted">
          A year of calmer screens: a breath before the sites that pull them in, a daily budget for each, and
          quieter feeds. Each gift is a code for {GIFT_DURATION_YEARS} year of Premium that you pass on.
        </p>

        <section
          aria-labelledby={offerId}
          className="mt-8 flex flex-col gap-6 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7 md:mt-10"
        >
          <div className="flex items-start gap-4">
            <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-accent-soft text-accent">
              <Gift aria-hidden="true" className="size-6" />
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <h2 id={offerId} className="text-sm font-semibold tracking-wide text-muted uppercase">
                {brand.name} Premium, as a gift
              </h2>
              {gift.failed ? null : price ? (
                <p className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
                  {giftOfferText(price.cents, price.currency)}
                </p>
              ) : (
                // The height of the price's line, so nothing moves when it arrives.
                <p role="status" className="flex flex-col">
                  <span className="sr-only">Loading the price</span>
                  <span
                    aria-hidden="true"
                    className="h-8 w-56 max-w-full animate-pulse rounded bg-line motion-reduce:animate-none sm:h-9"
                  />
                </p>
              )}
            </div>
          </div>

          {gift.failed ? (
            <LoadError
              message="We couldn't load the price."
              detail={gift.failed.message}
              retrying={gift.retrying}
              onRetry={gift.retry}
            />
          ) : null}

          <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
            <QuantityStepper
              label="Number of gifts"
              value={quantity}
              onChange={setQuantity}
              disabled={checkout.busy}
            />
            {/* Read out as the count changes, so the total follows the stepper for everyone. Its line is
              there before the price, so nothing below moves when it arrives. */}
            <p aria-live="polite" className="min-h-5 text-sm text-muted sm:text-right">
              {!price ? null : quantity === 0 ? (
                'Choose at least one gift.'
              ) : (
                <>
                  {quantity} {quantity === 1 ? 'gift' : 'gifts'}:{' '}
                  <span className="font-semibold text-ink">
                    {giftTotalText(price.cents, quantity, price.currency)}
                  </span>{' '}
                  in total
                </>
              )}
            </p>
          </div>

          <div className="flex flex-col gap-3">
            <Button
              className="min-h-12 w-full text-base"
              disabled={!price || !canBuyGifts(quantity)}
              loading={checkout.busy}
              onClick={() => {
                if (price) checkout.buy({ priceId: price.priceId, quantity, referralGroup });
              }}
            >
              Buy gift
            </Button>
            {checkout.failed ? (
              <p role="alert" className="text-center text-sm font-medium text-danger">
                {checkout.termsChanged ? TERMS_CHANGED_MESSAGE : messages.giftFailed}
              </p>
            ) : null}
            <p className="text-center text-xs text-muted">
              You pay on a secure checkout page. No account needed.
            </p>
            <PurchaseTerms
              purchase={
                price && canBuyGifts(quantity)
                  ? { kind: 'gift', total: { amount: price.cents * quantity, currency: price.currency } }
                  : null
              }
            />
          </div>
        </section>

        <HowItWorks />
        <Footer />
      </Page>
    </ShowcaseLayout>
  );
}

/** The site's own host, as the first screen drawn at build time names it. */
const WEBSITE_HOST = new URL(brand.website).host;

function HowItWorks() {
  const headingId = useId();
  // The address this page is at: on a copy of the site elsewhere (development), that copy's.
  const host = useBrowserValue(() => window.location.host, WEBSITE_HOST);
  return (
    <section aria-labelledby={headingId} className="mt-12 flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink">
        How it works
      </h2>
      <ol className="grid grid-cols-1 gap-4 sm:grid-cols-3 lg:grid-cols-1">
        <NumberedItem number={1} className="rounded-2xl border border-line bg-surface p-4 text-sm text-muted">
          Buy one gift for each person. Checkout takes a card; no account needed.
        </NumberedItem>
        <NumberedItem number={2} className="rounded-2xl border border-line bg-surface p-4 text-sm text-muted">
          You get one code per gift, here and by e-mail.
        </NumberedItem>
        <NumberedItem number={3} className="rounded-2xl border border-line bg-surface p-4 text-sm text-muted">
          They enter it at{' '}
          <Link to={REDEEM_PATH} className="font-medium text-accent underline-offset-4 hover:underline">
            {host}
            {REDEEM_PATH}
          </Link>{' '}
          for {GIFT_DURATION_YEARS} year of Premium.
        </NumberedItem>
      </ol>
    </section>
  );
}
