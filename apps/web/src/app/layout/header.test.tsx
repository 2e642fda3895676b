import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { Providers } from '../providers';
import { Header } from './header';

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/', '/subscription'));

describe('Header', () => {
  beforeEach(() => {
    installFakeServer({ signedIn: true });
  });

  it('toggles the mobile menu and says so with aria-expanded', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });

    const menuId = menuButton().getAttribute('aria-controls');
    if (!menuId) throw new Error('the menu button names no menu');
    const menu = document.getElementById(menuId);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });

  it('closes the mobile menu on Escape and after choosing a link', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });

    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();

    await user.click(menuButton());
    const menuId = menuButton().getAttribute('aria-controls') ?? '';
    const menu = document.getElementById(menuId);
    if (!menu) throw new Error('the mobile menu is missing');
    await user.click(within(menu).getByRole('link', { name: 'Subscription' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the current page link and points Sign out at /signout', async () => {
    renderRoute('/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Subscription' });

    // jsdom applies no media queries, so both the desktop and the mobile lists are present.
    const [desktop] = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
    if (!desktop) throw new Error('no navigation');
    const nav = within(desktop);
    expect(nav.getByRole('link', { name: 'Subscription' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(nav.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/signout');
  });
});

describe('Header, signed out', () => {
  it('shows only the logo and Sign in', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: ['/gift'] });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );

    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Stillpoint home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
