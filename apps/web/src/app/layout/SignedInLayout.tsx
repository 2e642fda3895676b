import { Outlet } from 'react-router';
import { Header } from './Header';

/** Home, subscription, breathe and onboarding: the header above the page. */
export function SignedInLayout() {
  return (
    <>
      <Header />
      <main className="mx-auto w-full max-w-5xl">
        <Outlet />
      </main>
    </>
  );
}
