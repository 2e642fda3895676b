import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Subscription page (SPEC §2): plan details and management, or the upgrade card. */
export function SubscriptionPage() {
  return <Page title={documentTitle('Subscription')} heading="Subscription" />;
}
