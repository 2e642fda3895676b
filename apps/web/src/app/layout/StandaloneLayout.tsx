import { Outlet } from 'react-router';
import { BrandBar } from './BrandBar';

/** Funnels and landing pages (SPEC §2): no normal header, only the brand bar linking home. */
export function StandaloneLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <BrandBar />
      <main className="mx-auto w-full max-w-3xl flex-1">
        <Outlet />
      </main>
    </div>
  );
}
