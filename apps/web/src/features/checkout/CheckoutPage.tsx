import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Checkout (SPEC §2 /checkout): plan card, reviews and the trial checkout. */
export function CheckoutPage() {
  return <Page title={documentTitle('Checkout')} heading="Start 7 Day Free Trial" />;
}
