import { WebCheckoutPage } from '../features/checkout/web-checkout-page';
import { SignInPanel } from './composed-sign-in';

/**
 * /webcheckout, which asks for a sign-in inline: put together here because a feature never
 * imports another (docs/architecture.md).
 */
export function WebCheckoutRoute() {
  return <WebCheckoutPage SignIn={SignInPanel} />;
}
