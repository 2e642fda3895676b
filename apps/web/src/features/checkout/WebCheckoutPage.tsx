import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Direct web checkout (SPEC §2 /webcheckout). */
export function WebCheckoutPage() {
  return <Page title={documentTitle('Checkout')} heading="Live Distraction Free" />;
}
