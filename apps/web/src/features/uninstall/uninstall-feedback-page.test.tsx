import { UNINSTALL_REASONS } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';

beforeAll(() => preloadRoutes('/uninstall-chrome-extension'));

const SEND = 'POST /api/sendUninstallFeedback';
const REF = 'inst_4fQ9-xY2kLm';

const pageReady = () =>
  screen.findByRole('heading', { level: 1, name: 'Sorry to see you go' }, { timeout: 5000 });
const reasons = () => screen.getByRole('group', { name: 'Why did you remove the extension?' });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const detailsField = () =>
  screen.getByRole('textbox', { name: "Anything else you'd like us to know? (optional)" });
const thanks = () =>
  screen.findByRole('heading', { level: 2, name: 'Thank you for telling us' }, { timeout: 5000 });

describe('the question', () => {
  it('offers the reasons of SPEC §9, one at a time, and Submit waits for one', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    renderRoute('/uninstall-chrome-extension');
    await pageReady();

    const radios = within(reasons()).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([...UNINSTALL_REASONS]);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(submitButton()).toBeDisabled();
    expect(detailsField()).toBeInTheDocument();

    // Nothing leaves without a reason, not even by Enter in the form.
    await user.click(submitButton());
    expect(server.calls(SEND)).toHaveLength(0);

    await user.click(within(reasons()).getByRole('radio', { name: 'too expensive' }));
    expect(submitButton()).toBeEnabled();
    // The keyboard moves the choice like any radio group.
    await user.keyboard('{ArrowDown}');
    expect(within(reasons()).getByRole('radio', { name: 'not helpful' })).toBeChecked();
    expect(within(reasons()).getByRole('radio', { name: 'too expensive' })).not.toBeChecked();
  });
});

describe('sending', () => {
  it('sends the reason, the words and what the address carried, then thanks', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    renderRoute(`/uninstall-chrome-extension?v=1.4.0&ref=${REF}`);
    await pageReady();

    await user.click(within(reasons()).getByRole('radio', { name: 'buggy' }));
    await user.type(detailsField(), '  It blocked my work site.  ');
    await user.click(submitButton());

    const heading = await thanks();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(server.calls(SEND).map((call) => call.body)).toEqual([
      { reason: 'buggy', details: 'It blocked my work site.', extensionVersion: '1.4.0', installRef: REF },
    ]);
    expect(
      screen.queryByRole('group', { name: 'Why did you remove the extension?' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add the extension again/ })).toHaveAttribute(
      'href',
      'https://chromewebstore.google.com/detail/stillpoint',
    );
  });

  it('leaves out blank words and address values the call would refuse', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    renderRoute('/uninstall-chrome-extension?v=1.4.0-beta%3Cscript%3E&ref=short');
    await pageReady();

    await user.click(within(reasons()).getByRole('radio', { name: 'other' }));
    await user.type(detailsField(), '   ');
    await user.click(submitButton());

    await thanks();
    expect(server.calls(SEND).map((call) => call.body)).toEqual([{ reason: 'other' }]);
  });

  it('is busy while sending', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    let answer: () => void = () => undefined;
    server.route(SEND, async () => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return { body: { success: true, data: { ok: true } } };
    });
    renderRoute('/uninstall-chrome-extension');
    await pageReady();

    await user.click(within(reasons()).getByRole('radio', { name: 'hard to set up' }));
    await user.click(submitButton());

    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-busy', 'true'));
    expect(submitButton()).toBeDisabled();
    expect(within(reasons()).getByRole('radio', { name: 'buggy' })).toBeDisabled();
    answer();
    await thanks();
    expect(server.calls(SEND)).toHaveLength(1);
  });

  it("shows the server's error and keeps the answer for another try", async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.route(SEND, () => ({
      status: 429,
      body: {
        success: false,
        code: 'RATE_LIMITED',
        error: 'Too many answers from here. Try again in a minute.',
      },
    }));
    renderRoute('/uninstall-chrome-extension?v=2.0');
    await pageReady();

    await user.click(within(reasons()).getByRole('radio', { name: 'not what I expected' }));
    await user.type(detailsField(), 'Hoped for Firefox.');
    await user.click(submitButton());

    expect(
      await screen.findByText('Too many answers from here. Try again in a minute.', {}, { timeout: 5000 }),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('heading', { name: 'Thank you for telling us' })).not.toBeInTheDocument();
    expect(within(reasons()).getByRole('radio', { name: 'not what I expected' })).toBeChecked();
    expect(detailsField()).toHaveValue('Hoped for Firefox.');

    server.route(SEND, () => ({ body: { success: true, data: { ok: true } } }));
    await user.click(submitButton());
    await thanks();
    expect(server.calls(SEND).map((call) => call.body)).toEqual([
      { reason: 'not what I expected', details: 'Hoped for Firefox.', extensionVersion: '2.0' },
      { reason: 'not what I expected', details: 'Hoped for Firefox.', extensionVersion: '2.0' },
    ]);
  });
});
