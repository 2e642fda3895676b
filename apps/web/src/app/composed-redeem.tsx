import { RedeemPage } from '../features/gift/redeem-page';
import { SignInPanel } from './composed-sign-in';

/**
 * /redeem with the sign-in methods for its step 1: put together here because a feature never
 * imports another (docs/architecture.md). A chunk of its own, so this public page loads no other
 * page's code.
 */
export function RedeemRoute() {
  return <RedeemPage SignIn={SignInPanel} />;
}
