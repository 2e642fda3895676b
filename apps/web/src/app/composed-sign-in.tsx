import { loadSignInPanel, SignInMethods } from '../features/auth/sign-in-methods';

// The sign-in methods (the phone field) are the largest part of the pages composed with them: they
// load when a step draws them, not with the page; a first screen drawn at build time shows them,
// and the app loads their code before it takes that screen over (main.tsx). In a module of their
// own, so each composed page's chunk carries only its own page.
/** The sign-in panel's code; tests load it up front with the pages (test/preloadRoutes.ts). */
export { loadSignInPanel };

/** The sign-in methods, as a page composed in app/ is given them. */
export const SignInPanel = SignInMethods;
