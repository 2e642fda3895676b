import { brand, LEGAL_PATHS, messages } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAKE_APP_LINKS, type FakeResponse, installFakeServer } from '../../test/fake-server';
import { renderRoute } from '../../test/render-route';
import { areCookieSettingsOpen, closeCookieSettings, cookieSettingsOpener } from '../consent/consent';
import { Footer } from './footer';
import {
  NEWSLETTER_INVALID_ADDRESS_MESSAGE,
  NEWSLETTER_JOINED_DETAIL,
  NEWSLETTER_JOINED_MESSAGE,
} from './newsletter-signup';

function renderFooter() {
  const server = installFakeServer();
  renderRoute('/', [{ path: '/', element: <Footer /> }]);
  return { server, user: userEvent.setup() };
}

const links = () => within(screen.getByRole('navigation', { name: `${brand.name} elsewhere` }));
const emailField = () => screen.getByRole('textbox', { name: 'E-mail address' });
const joinButton = () => screen.getByRole('button', { name: 'Join' });

async function join(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(emailField(), email);
  await user.click(joinButton());
}

describe('Footer links', () => {
  it('links to the App Store, the blog and the website in new tabs, and mails support', async () => {
    renderFooter();

    const appStore = await links().findByRole('link', { name: /Get the iPhone app/ });
    expect(appStore).toHaveAttribute('href', FAKE_APP_LINKS.appStoreUrl);
    expect(appStore).toHaveAttribute('target', '_blank');
    expect(appStore).toHaveAccessibleName(/^Get the iPhone app ?\(opens in a new tab\)$/);
    expect(links().getByRole('link', { name: /^Blog/ })).toHaveAttribute('href', FAKE_APP_LINKS.blogUrl);
    expect(links().getByRole('link', { name: /^Website/ })).toHaveAttribute('href', FAKE_APP_LINKS.website);
    const support = links().getByRole('link', { name: /Support/ });
    expect(support).toHaveAttribute('href', `mailto:${FAKE_APP_LINKS.supportEmail}`);
    expect(support).not.toHaveAttribute('target');
  });

  it("keeps the brand's own links, but not the store's, when the server cannot say where the store is", async () => {
    const { server } = renderFooter();
    server.route('GET /api/getAppLinks', () => ({
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', error: 'nope' },
    }));

    expect(await links().findByRole('link', { name: /^Blog/ })).toHaveAttribute('href', brand.blogUrl);
    expect(links().getByRole('link', { name: /Support/ })).toHaveAttribute(
      'href',
      `mailto:${brand.supportEmail}`,
    );
    expect(links().queryByRole('link', { name: /iPhone app/ })).not.toBeInTheDocument();
  });
});

describe('the legal links', () => {
  const legal = () => within(screen.getByRole('navigation', { name: 'Legal' }));

  it('link to the privacy policy and the terms in this tab, from the first render, before the server answers', () => {
    const { server } = renderFooter();
    server.route('GET /api/getAppLinks', () => new Promise<never>(() => undefined));

    expect(legal().getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      LEGAL_PATHS.privacy,
    );
    expect(legal().getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
      'href',
      LEGAL_PATHS.terms,
    );
    for (const link of legal().getAllByRole('link')) expect(link).not.toHaveAttribute('target');
    expect(legal().getByRole('button', { name: 'Cookie settings' })).toBeInTheDocument();
  });

  it('open the pages in the app', async () => {
    installFakeServer();
    const { router } = renderRoute('/', [
      { path: '/', element: <Footer /> },
      { path: LEGAL_PATHS.privacy, element: <h1>Privacy</h1> },
      { path: LEGAL_PATHS.terms, element: <h1>Terms</h1> },
    ]);
    const user = userEvent.setup();

    await user.click(legal().getByRole('link', { name: 'Terms of service' }));
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(LEGAL_PATHS.terms);
  });

  it('Cookie settings asks for the cookie choice again, to give focus back to the button', async () => {
    const { user } = renderFooter();
    const button = legal().getByRole('button', { name: 'Cookie settings' });

    await user.click(button);

    expect(areCookieSettingsOpen()).toBe(true);
    expect(cookieSettingsOpener()).toBe(button);
    closeCookieSettings();
  });
});

describe('NewsletterSignup', () => {
  it('joins with the address as typed, then says a confirmation link is on its way, in place of the form, announced and focused', async () => {
    const { server, user } = renderFooter();

    await join(user, '  reader@example.com ');

    const confirmation = (await screen.findByText(NEWSLETTER_JOINED_MESSAGE)).closest('p');
    expect(confirmation).toHaveFocus();
    expect(confirmation).toHaveTextContent(NEWSLETTER_JOINED_DETAIL);
    expect(screen.queryByRole('textbox', { name: 'E-mail address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    expect(server.calls('POST /api/joinNewsletter').map((call) => call.body)).toEqual([
      { email: 'reader@example.com' },
    ]);
  });

  it('checks no format itself: the server judges the address', async () => {
    const { server, user } = renderFooter();

    await join(user, 'not-an-email');

    expect(await screen.findByText(NEWSLETTER_INVALID_ADDRESS_MESSAGE)).toBeInTheDocument();
    expect(server.calls('POST /api/joinNewsletter').map((call) => call.body)).toEqual([
      { email: 'not-an-email' },
    ]);
  });

  const tooMany = 'Too many requests. Please try again in 10 minutes.';
  it.each<[string, () => FakeResponse | Promise<never>, string]>([
    [
      'a refused address (400)',
      () => ({ status: 400, body: { success: false, code: 'BAD_REQUEST', error: 'email: x' } }),
      NEWSLETTER_INVALID_ADDRESS_MESSAGE,
    ],
    [
      'too many tries (429)',
      () => ({ status: 429, body: { success: false, code: 'RATE_LIMITED', error: tooMany } }),
      tooMany,
    ],
    [
      'a failure on the server (500)',
      () => ({ status: 500, body: { success: false, code: 'INTERNAL', error: 'x' } }),
      messages.newsletterFailed,
    ],
    [
      'an answer without success',
      () => ({ status: 200, body: { success: false, error: 'x' } }),
      messages.newsletterFailed,
    ],
    [
      'no network',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Could not reach Stillpoint. Check your connection and try again.',
    ],
  ])('says why on %s, and keeps the address', async (_name, answer, why) => {
    const { server, user } = renderFooter();
    server.route('POST /api/joinNewsletter', answer);

    await join(user, 'reader@example.com');

    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe(why);
    expect(emailField()).toHaveValue('reader@example.com');
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription(why);
    expect(screen.queryByText(NEWSLETTER_JOINED_MESSAGE)).not.toBeInTheDocument();
  });

  it('clears the error when the address changes, and can join on the next try', async () => {
    const { server, user } = renderFooter();
    let fail = true;
    server.route('POST /api/joinNewsletter', () =>
      fail
        ? { status: 429, body: { success: false, code: 'RATE_LIMITED', error: tooMany } }
        : { body: { success: true, data: { ok: true } } },
    );

    await join(user, 'reader@example.com');
    expect(await screen.findByText(tooMany)).toBeInTheDocument();
    await user.type(emailField(), '{Backspace}m');
    expect(screen.queryByText(tooMany)).not.toBeInTheDocument();

    fail = false;
    await user.click(joinButton());
    expect(await screen.findByText(NEWSLETTER_JOINED_MESSAGE)).toBeInTheDocument();
  });

  it('is busy while joining: the button waits and the address cannot change', async () => {
    const { server, user } = renderFooter();
    let answer: (response: FakeResponse) => void = () => undefined;
    server.route(
      'POST /api/joinNewsletter',
      () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
    );

    await join(user, 'reader@example.com');

    await waitFor(() => expect(joinButton()).toHaveAttribute('aria-busy', 'true'));
    expect(joinButton()).toBeDisabled();
    expect(emailField()).toHaveAttribute('readonly');
    await user.click(joinButton());
    expect(server.calls('POST /api/joinNewsletter')).toHaveLength(1);

    // The request must have reached the server before it can be answered.
    await waitFor(() => expect(server.calls('POST /api/joinNewsletter').length).toBeGreaterThan(0));
    answer({ body: { success: true, data: { ok: true } } });
    expect(await screen.findByText(NEWSLETTER_JOINED_MESSAGE)).toBeInTheDocument();
  });
});
