import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Gift redemption (SPEC §2 /redeem): intro, sign-in or code entry, done. */
export function RedeemPage() {
  return <Page title={documentTitle('Redeem')} heading="Redeem Your Gift" />;
}
