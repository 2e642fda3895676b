import { Outlet, ScrollRestoration } from 'react-router';

/** Wraps every route: a new page starts at the top, back and forward restore the scroll position. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
