import { brand } from '../../lib/brand';
import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Referral landing (SPEC §2 /referral-link), shared by sharedByName. */
export function ReferralPage() {
  return <Page title={documentTitle('Referral')} heading={`You've Been Invited to ${brand.name}`} />;
}
