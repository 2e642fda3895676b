import { SignInPanel } from '../features/auth/SignInPanel';
import { WebCheckoutPage } from '../features/checkout/WebCheckoutPage';

/**
 * Pages that draw another feature inside them, put together here because a feature never imports
 * another (docs/architecture.md). Each is its own lazy chunk through the route table.
 */
export function WebCheckoutRoute() {
  return <WebCheckoutPage SignIn={SignInPanel} />;
}
