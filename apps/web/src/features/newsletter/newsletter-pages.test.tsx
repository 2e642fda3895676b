import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FakeResponse, installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';

beforeAll(() => preloadRoutes('/newsletter/confirm', '/newsletter/unsubscribe'));

const CONFIRM = 'POST /api/confirmNewsletter';
const UNSUBSCRIBE = 'POST /api/unsubscribeNewsletter';
const TOKEN = 'k3Y_of-a-confirmation-link-0123456789abcdefg';
const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });
const outcomeHeading = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 5000 });

describe('the confirm page (/newsletter/confirm)', () => {
  it('confirms the link once, even though the page mounts twice, and says so', async () => {
    const server = installFakeServer();
    let used = false;
    server.route(CONFIRM, () => {
      const status = used ? 'alreadyConfirmed' : 'confirmed';
      used = true;
      return ok({ status });
    });
    renderRoute(`/newsletter/confirm?token=${TOKEN}`);

    const heading = await outcomeHeading("You're subscribed");
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/Your sign-up is confirmed/)).toBeInTheDocument();
    expect(server.calls(CONFIRM).map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it.each([
    ['alreadyConfirmed', 'Already confirmed', false],
    ['expired', 'This link has expired', true],
    ['invalid', "This link isn't valid", true],
  ] as const)(
    'says %s plainly, with a way to sign up again where it helps',
    async (status, heading, offersSignup) => {
      const server = installFakeServer();
      server.route(CONFIRM, () => ok({ status }));
      renderRoute(`/newsletter/confirm?token=${TOKEN}`);

      await outcomeHeading(heading);
      const join = screen.queryByRole('button', { name: 'Join' });
      if (offersSignup) expect(join).toBeInTheDocument();
      else expect(join).not.toBeInTheDocument();
    },
  );

  it('lets an expired link sign the address up again from the page', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.route(CONFIRM, () => ok({ status: 'expired' }));
    renderRoute(`/newsletter/confirm?token=${TOKEN}`);

    await outcomeHeading('This link has expired');
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(/check your inbox for a link to confirm/)).toBeInTheDocument();
    expect(server.calls('POST /api/joinNewsletter').map((call) => call.body)).toEqual([
      { email: 'reader@example.com' },
    ]);
  });

  it('reads a link without a key, or one the server finds malformed, as not valid', async () => {
    const server = installFakeServer();
    server.route(CONFIRM, () => ({
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', error: 'token: This link is not complete.' },
    }));
    const first = renderRoute('/newsletter/confirm');
    await outcomeHeading("This link isn't valid");
    expect(server.calls(CONFIRM)).toEqual([]);
    first.unmount();

    renderRoute('/newsletter/confirm?token=cut');
    await outcomeHeading("This link isn't valid");
  });

  it('says when the server cannot be reached, and tries again on request', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    let reachable = false;
    server.route(CONFIRM, () =>
      reachable ? ok({ status: 'confirmed' }) : Promise.reject(new TypeError('offline')),
    );
    renderRoute(`/newsletter/confirm?token=${TOKEN}`);

    expect(
      await screen.findByText("We couldn't confirm your sign-up", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await outcomeHeading("You're subscribed");
  });
});

describe('the unsubscribe page (/newsletter/unsubscribe)', () => {
  const unsubscribeButton = () => screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 5000 });

  it('changes nothing by being opened; the button unsubscribes, once per press', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.route(UNSUBSCRIBE, () => ok({ status: 'unsubscribed' }));
    renderRoute(`/newsletter/unsubscribe?token=${TOKEN}`);

    const button = await unsubscribeButton();
    expect(server.calls(UNSUBSCRIBE)).toEqual([]);
    await user.dblClick(button);

    const heading = await outcomeHeading("You're unsubscribed");
    await waitFor(() => expect(heading).toHaveFocus());
    expect(server.calls(UNSUBSCRIBE).map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('says a link no address has is not valid', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.route(UNSUBSCRIBE, () => ok({ status: 'invalid' }));
    renderRoute(`/newsletter/unsubscribe?token=${TOKEN}`);

    await user.click(await unsubscribeButton());
    await outcomeHeading("This unsubscribe link isn't valid");
  });

  it('says why it failed and keeps the button for another try', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.route(UNSUBSCRIBE, () => Promise.reject(new TypeError('offline')));
    renderRoute(`/newsletter/unsubscribe?token=${TOKEN}`);

    await user.click(await unsubscribeButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach Stillpoint. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
