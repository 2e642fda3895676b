import { Outlet } from 'react-router';

/** Funnels and landing pages (SPEC §2): each page brings its own chrome, so no normal header. */
export function StandaloneLayout() {
  return (
    <main className="mx-auto min-h-dvh w-full max-w-3xl">
      <Outlet />
    </main>
  );
}
