import { Outlet } from 'react-router';
import { BrandBar } from './brand-bar';

/**
 * Funnels and landing pages (SPEC §2): no normal header, only the brand bar linking home. A page
 * drawn in ui/ShowcaseLayout (marked data-showcase) widens the bar and the column together at
 * desktop widths, in CSS alone, so the first screen drawn at build time is already the final one.
 */
export function StandaloneLayout() {
  return (
    <div className="group/standalone flex min-h-dvh flex-col">
      <BrandBar />
      <main className="mx-auto w-full max-w-3xl flex-1 lg:group-has-data-showcase/standalone:max-w-6xl">
        <Outlet />
      </main>
    </div>
  );
}
