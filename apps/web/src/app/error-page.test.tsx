import { messages } from '@stillpoint/core';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../test/render-route';
import { routes } from './routes';

function Broken(): never {
  throw new Error('The dashboard fell over');
}

/** The real route tree with two failing pages added under the real root (and its error element). */
function routesWithFailures(): RouteObject[] {
  const [root, ...rest] = routes;
  if (!root || root.index) throw new Error('the route table has no root layout');
  return [
    {
      ...root,
      children: [
        { path: 'broken', Component: Broken },
        // What a deploy does to an open tab: the old chunk is gone.
        {
          path: 'stale-chunk',
          lazy: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
        },
        ...(root.children ?? []),
      ],
    },
    ...rest,
  ];
}

describe('ErrorPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(['/broken', '/stale-chunk'])('shows the generic error page when %s fails', async (path) => {
    // React and the router report the error on the console; the page is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    renderRoute(path, routesWithFailures());

    expect(
      await screen.findByRole('heading', { level: 1, name: messages.applicationError }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
