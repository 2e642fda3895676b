import { BrandLink } from './brand-link';

/**
 * The standalone pages' only chrome: the logo home, so a visitor who lands on a funnel or a gift
 * page always has a way back. Deliberately no links or sign-in, which would pull them off the page.
 * Its width follows the page's column (StandaloneLayout), so the logo lines up with the content.
 */
export function BrandBar() {
  return (
    <header className="mx-auto flex h-16 w-full max-w-3xl items-center px-4 sm:px-6 lg:group-has-data-showcase/standalone:max-w-6xl">
      <BrandLink />
    </header>
  );
}
