import { SIGN_IN_PATH } from '@stillpoint/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TOKEN_KEY } from '../../lib/session-token';
import { installAdminServer } from '../../test/admin-server';
import { TEST_TOKEN } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';

beforeAll(() =>
  preloadRoutes('/signin', '/admin', '/admin/person', '/admin/feedback', '/admin/audit', '/admin/errors'),
);

describe('the support console', () => {
  it('shows a signed-in person who is no admin why, with the way home, and none of the console', async () => {
    const server = installAdminServer({ admin: false });
    localStorage.setItem(SESSION_TOKEN_KEY, TEST_TOKEN);
    renderRoute('/admin/person?uid=user-2');

    expect(
      await screen.findByRole('heading', { level: 1, name: "You don't have access to the support console" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Support console' })).not.toBeInTheDocument();
    // Nothing about the person was asked for: the page waits for the server's yes.
    expect(server.calls('GET /api/admin/getPerson')).toHaveLength(0);
  });

  it('sends a signed-out visitor to sign in, then back to the console page they asked for', async () => {
    installAdminServer({ signedIn: false });
    const { router } = renderRoute('/admin/feedback?kind=uninstall');

    await screen.findByRole('heading', { level: 1, name: 'Sign in or create account' });
    expect(router.state.location.pathname).toBe(SIGN_IN_PATH);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '2133734253');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/feedback'));
    expect(router.state.location.search).toBe('?kind=uninstall');
  });

  it('shows an admin the console with its sections', async () => {
    installAdminServer();
    localStorage.setItem(SESSION_TOKEN_KEY, TEST_TOKEN);
    renderRoute('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Find a person' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Support console' });
    expect(navigation).toHaveTextContent('Find a personFeedbackAudit logErrors');
    expect(screen.getByRole('link', { name: 'Find a person' })).toHaveAttribute('aria-current', 'page');
  });
});
