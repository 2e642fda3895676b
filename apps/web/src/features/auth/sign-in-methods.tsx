import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { Spinner } from '../../ui/spinner';
import type { SignInPanel as SignInPanelComponent } from './sign-in-panel';

type Panel = typeof SignInPanelComponent;

// The panel once its code has arrived: drawn then without suspending.
let loadedPanel: Panel | null = null;

/**
 * The sign-in panel's code: most of the pages that show it, so it loads apart from them. Once it is
 * here, SignInMethods draws the panel at once. main.tsx loads it before taking over a first screen
 * that shows the panel: a drawn panel whose code is not there yet would be hydrated last, and an
 * update reaching it before then makes React replace it with the spinner.
 */
export const loadSignInPanel = () =>
  import('./sign-in-panel').then((module) => {
    loadedPanel = module.SignInPanel;
    return module;
  });

/** Found in a first screen drawn with the panel (SignInPanel's root carries it). */
export const DRAWN_SIGN_IN_PANEL = '[data-sign-in-panel]';

const LazyPanel = lazy(() => loadSignInPanel().then((module) => ({ default: module.SignInPanel })));

/** The sign-in methods, with a spinner while their code loads. */
export function SignInMethods(props: ComponentProps<Panel>) {
  // Chosen once per mount: another component later would remount the panel and lose what was typed.
  const [Panel] = useState<Panel | typeof LazyPanel>(() => loadedPanel ?? LazyPanel);
  return (
    <Suspense
      fallback={
        <div className="grid place-items-center py-8">
          <Spinner className="size-8" />
        </div>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}
