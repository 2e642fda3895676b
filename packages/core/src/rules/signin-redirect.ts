/** Where a signed-in person lands when nothing better is known (SPEC §2). */
export const HOME_PATH = '/';
export const ONBOARDING_PATH = '/onboarding';
export const SIGN_IN_PATH = '/signin';
export const SIGN_OUT_PATH = '/signout';

/**
 * What the sign-in page knows about the person when choosing where to go next. A fact not known
 * yet (undefined) counts as false: sending someone to onboarding is the safe default, since
 * onboarding itself skips ahead for people who are already set up.
 */
export interface SignInRedirectFacts {
  /** Path and search the guard remembered before sending the person to sign in. */
  savedPath?: string | null;
  isPremium?: boolean;
  hasExtension?: boolean;
  hasBrowserSettings?: boolean;
  hasCustomSites?: boolean;
}

/**
 * Whether a remembered path is a page of this app to return to. It must be an absolute path on
 * this origin ('//host' and '/\host' are other origins to a browser), and not the sign-in or
 * sign-out page, which would loop.
 */
export function isReturnPath(path: string | null | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // Control characters and whitespace never appear in our own paths; browsers strip some of them.
  if ([...path].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const page = pathname.replace(/\/+$/, '') || '/';
  return page !== SIGN_IN_PATH && page !== SIGN_OUT_PATH;
}

/**
 * SPEC §2 guards: the path, search and fragment to remember when a signed-out visitor is sent to sign in,
 * or null when there is nothing to return to (the home page is where sign-in ends anyway).
 */
export function returnPathToRemember(pathname: string, search = '', hash = ''): string | null {
  if (pathname === HOME_PATH) return null;
  // The fragment too: an intercepted page's address ends in it (breathe's returnUrl, decision 025).
  const fragment = hash && !hash.startsWith('#') ? `#${hash}` : hash;
  const path = `${pathname}${search && !search.startsWith('?') ? `?${search}` : search}${fragment}`;
  return isReturnPath(path) ? path : null;
}

/**
 * SPEC §2 sign-in: go to the saved redirect path; otherwise home for a premium user who has the
 * extension, browser settings and custom sites; otherwise onboarding.
 */
export function signInRedirectPath(facts: SignInRedirectFacts): string {
  if (isReturnPath(facts.savedPath)) return facts.savedPath;
  const setUp =
    facts.isPremium === true &&
    facts.hasExtension === true &&
    facts.hasBrowserSettings === true &&
    facts.hasCustomSites === true;
  return setUp ? HOME_PATH : ONBOARDING_PATH;
}

const SET_UP_FACTS = ['isPremium', 'hasExtension', 'hasBrowserSettings', 'hasCustomSites'] as const;

/**
 * Whether signInRedirectPath's answer can no longer change as unknown facts arrive: a saved path
 * wins outright, one known false means onboarding, and all four known true means home. The
 * sign-in page waits (briefly) until this holds, so a set-up person is not sent to onboarding
 * only because their facts were still loading.
 */
export function isSignInRedirectSettled(facts: SignInRedirectFacts): boolean {
  if (isReturnPath(facts.savedPath)) return true;
  const known = SET_UP_FACTS.map((fact) => facts[fact]);
  return known.includes(false) || known.every((value) => value === true);
}
