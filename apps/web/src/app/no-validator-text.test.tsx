import { invalidInputMessage } from '@stillpoint/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Footer } from '../lib/footer/footer';
import { installDashboardServer } from '../test/dashboard-server';
import { installFakeServer } from '../test/fake-server';
import { preloadRoutes } from '../test/preload-routes';
import { renderRoute } from '../test/render-route';

/**
 * Issue 43: a validator's framing ('Invalid body: field: …') never reaches a person. Each case
 * makes the fake server refuse input as the real one does, then reads everything on screen.
 */
const VALIDATOR_TEXT = /^\s*Invalid (body|query)\b/;
const visibleTexts = (): string[] =>
  [...document.body.querySelectorAll<HTMLElement>('*')]
    .filter((element) => element.children.length === 0 || element.getAttribute('role') === 'alert')
    .map((element) => element.textContent ?? '');
const expectNoValidatorText = () => {
  const leaked = visibleTexts().filter((text) => VALIDATOR_TEXT.test(text));
  expect(leaked).toEqual([]);
};

beforeAll(() => preloadRoutes('/redeem', '/'));
afterEach(() => {
  toast.dismiss();
});

describe('no validator text on screen', () => {
  it('can fail: the scan sees validator text when it is shown', () => {
    renderRoute('/', [{ path: '/', element: <p role="alert">{invalidInputMessage('body', 'email: x')}</p> }]);
    expect(visibleTexts().some((text) => VALIDATOR_TEXT.test(text))).toBe(true);
  });

  it('newsletter: a refused address is told what is wrong', async () => {
    installFakeServer();
    renderRoute('/', [{ path: '/', element: <Footer /> }]);
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Join' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter an e-mail address like name@example.com.',
    );
    expectNoValidatorText();
  });

  it('/redeem: a code the validator refuses reads as a sentence', async () => {
    const server = installFakeServer({ signedIn: true });
    server.route('POST /api/redeemCode', () => ({
      status: 400,
      body: {
        success: false,
        code: 'BAD_REQUEST',
        error: invalidInputMessage('body', 'redemptionCode: Enter the 6-character code from your gift'),
      },
    }));
    renderRoute('/redeem?step=1');
    const user = userEvent.setup();

    await user.type(
      await screen.findByRole('textbox', { name: 'Gift code' }, { timeout: 5000 }),
      '0OIL1!{Enter}',
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-character code from your gift');
    expectNoValidatorText();
  });

  it("home's Add Site: a site the server refuses reads as a sentence", async () => {
    installDashboardServer();
    renderRoute('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '+ Add site' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Site', {}, { timeout: 5000 }), 'not a site');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByText(/Enter a site like youtube\.com/)).toBeInTheDocument();
    expectNoValidatorText();
  }, 15_000);
});
