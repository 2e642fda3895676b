import { GettingStartedPage } from '../features/funnel/getting-started-page';
import { SignInPanel } from './composed-sign-in';

/**
 * The web-first funnel, whose SIGN_UP step shows the sign-in methods inline: put together here
 * because a feature never imports another (docs/architecture.md). A chunk of its own, so the
 * funnel's first screen loads no other page's code.
 */
export function GettingStartedRoute() {
  return <GettingStartedPage SignIn={SignInPanel} />;
}
