import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Sign-in (SPEC §2 /signin): Apple, Google and phone. */
export function SignInPage() {
  return <Page title={documentTitle('Sign In')} heading="Sign In or Create Account" />;
}
