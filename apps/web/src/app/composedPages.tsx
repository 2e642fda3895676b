import { type ComponentProps, lazy, Suspense } from 'react';
import type { SignInPanel as SignInPanelComponent } from '../features/auth/SignInPanel';
import { WebCheckoutPage } from '../features/checkout/WebCheckoutPage';
import { GettingStartedPage } from '../features/funnel/GettingStartedPage';
import { Spinner } from '../ui/Spinner';

/**
 * Pages that draw another feature inside them, put together here because a feature never imports
 * another (docs/architecture.md). Each is its own lazy chunk through the route table.
 */

// The sign-in methods (the phone field and its number data) are the largest part of these pages
// and no first screen shows them: they load when a step draws them, not with the page.
/** The sign-in panel's code; tests load it up front with the pages (test/preloadRoutes.ts). */
export const loadSignInPanel = () => import('../features/auth/SignInPanel');

const LazySignInPanel = lazy(() => loadSignInPanel().then((module) => ({ default: module.SignInPanel })));

function SignInPanel(props: ComponentProps<typeof SignInPanelComponent>) {
  return (
    <Suspense
      fallback={
        <div className="grid place-items-center py-8">
          <Spinner className="size-8" />
        </div>
      }
    >
      <LazySignInPanel {...props} />
    </Suspense>
  );
}

export function WebCheckoutRoute() {
  return <WebCheckoutPage SignIn={SignInPanel} />;
}

/** The web-first funnel, whose SIGN_UP step shows the sign-in methods inline. */
export function GettingStartedRoute() {
  return <GettingStartedPage SignIn={SignInPanel} />;
}
