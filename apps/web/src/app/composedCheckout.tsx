import { WebCheckoutPage } from '../features/checkout/WebCheckoutPage';
import { SignInPanel } from './composedSignIn';

/**
 * /webcheckout, which asks for a sign-in inline: put together here because a feature never
 * imports another (docs/architecture.md).
 */
export function WebCheckoutRoute() {
  return <WebCheckoutPage SignIn={SignInPanel} />;
}
