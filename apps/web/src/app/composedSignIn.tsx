import { type ComponentProps, lazy, Suspense } from 'react';
import type { SignInPanel as SignInPanelComponent } from '../features/auth/SignInPanel';
import { Spinner } from '../ui/Spinner';

// The sign-in methods (the phone field) are the largest part of the pages composed with them: they
// load when a step draws them, not with the page; the first screens drawn at build time show them,
// and the app hydrates them when their code is there. In a module of their own, so each composed
// page's chunk carries only its own page.
/** The sign-in panel's code; tests load it up front with the pages (test/preloadRoutes.ts). */
export const loadSignInPanel = () => import('../features/auth/SignInPanel');

const LazySignInPanel = lazy(() => loadSignInPanel().then((module) => ({ default: module.SignInPanel })));

/** The sign-in methods, as a page composed in app/ is given them. */
export function SignInPanel(props: ComponentProps<typeof SignInPanelComponent>) {
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
