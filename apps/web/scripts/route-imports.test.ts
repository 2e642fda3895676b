import { describe, expect, it } from 'vitest';
import { routeImports } from './route-imports';

const table = `
export const routes = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <Guard />,
        children: [
          {
            lazy: () => import('./layout/SignedInLayout').then((m) => ({ Component: m.SignedInLayout })),
            children: [
              { index: true, lazy: () => import('../features/home/HomePage') },
              { path: 'subscription', lazy: () => import('../features/subscription/SubscriptionPage') },
            ],
          },
        ],
      },
      { path: 'breathe', lazy: () => import('./composedBreathe') },
      {
        element: <StandaloneLayout />,
        children: [{ path: 'signin', lazy: () => import('../features/auth/SignInPage') }],
      },
      { path: '*', lazy: () => import('../features/not-found/NotFoundPage') },
    ],
  },
];`;

describe('routeImports', () => {
  it("pairs each page path with its own import and its lazy layout's", () => {
    expect(routeImports(table)).toEqual([
      { routePath: '/', specifiers: ['./layout/SignedInLayout', '../features/home/HomePage'] },
      {
        routePath: '/subscription',
        specifiers: ['./layout/SignedInLayout', '../features/subscription/SubscriptionPage'],
      },
      { routePath: '/breathe', specifiers: ['./composedBreathe'] },
      { routePath: '/signin', specifiers: ['../features/auth/SignInPage'] },
      // The catch-all, at the path its not-found page is drawn at.
      { routePath: '/404', specifiers: ['../features/not-found/NotFoundPage'] },
    ]);
  });
});
