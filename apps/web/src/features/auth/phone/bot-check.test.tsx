import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../../../test/fake-server';
import { preloadRoutes } from '../../../test/preload-routes';
import { renderRoute } from '../../../test/render-route';

const authConfigWith = (provider: string) => ({
  body: {
    success: true,
    data: {
      google: { kind: 'oauth2', id: 'dev-google' },
      apple: { kind: 'oauth2', id: 'dev-apple' },
      captcha: { provider, siteKey: 'site-key-1' },
      testPhoneNumbers: [],
    },
  },
});

/** A stand-in for the provider's script: each click on its checkbox passes with a new token. */
function installFakeTurnstile() {
  let issued = 0;
  const render = vi.fn(
    (container: HTMLElement, options: { sitekey: string; callback: (t: string) => void }) => {
      const box = document.createElement('button');
      box.type = 'button';
      box.textContent = `I am human (${options.sitekey})`;
      box.onclick = () => options.callback(`token-${++issued}`);
      container.append(box);
      return 'widget';
    },
  );
  vi.stubGlobal('turnstile', { render });
  return render;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Loaded once up front, the page and the sign-in methods it loads on first draw: the route's lazy
// imports are slow on a busy machine.
beforeAll(() => preloadRoutes('/signin'));

describe('phone sign-in with a bot check configured', () => {
  it('sends a code only with a passed check, and asks for a fresh one before a resend', async () => {
    installFakeTurnstile();
    const server = installFakeServer();
    server.route('GET /api/getAuthConfig', () => authConfigWith('cloudflare-turnstile'));
    const user = userEvent.setup();
    renderRoute('/signin');

    await user.type(await screen.findByLabelText('Phone number', undefined, { timeout: 5000 }), '2133734253');
    const check = await screen.findByRole('button', { name: 'I am human (site-key-1)' });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

    await user.click(check);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Confirmation code', undefined, { timeout: 5000 });
    const [send] = server.calls('POST /api/auth/phone-number/send-otp');
    expect(send?.headers.get('x-captcha-response')).toBe('token-1');

    // The token was used: Resend waits for the check again, then sends the new token.
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'I am human (site-key-1)' }));
    await user.click(resend);
    await waitFor(() => expect(server.calls('POST /api/auth/phone-number/send-otp')).toHaveLength(2));
    expect(server.calls('POST /api/auth/phone-number/send-otp')[1]?.headers.get('x-captcha-response')).toBe(
      'token-2',
    );
  });

  it("says so when the provider's script cannot load, and tries again on request", async () => {
    const server = installFakeServer();
    server.route('GET /api/getAuthConfig', () => authConfigWith('hcaptcha'));
    const user = userEvent.setup();
    renderRoute('/signin');

    const scripts = () => document.head.querySelectorAll('script[src^="https://js.hcaptcha.com/1/api.js"]');
    await waitFor(() => expect(scripts()).toHaveLength(1));
    scripts()[0]?.dispatchEvent(new Event('error'));

    expect(await screen.findByText(/The security check could not load./)).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(screen.queryByText(/could not load/)).not.toBeInTheDocument();
  });

  it('shows no check and sends no header when the server has none configured', async () => {
    const server = installFakeServer();
    const user = userEvent.setup();
    renderRoute('/signin');

    await user.type(await screen.findByLabelText('Phone number', undefined, { timeout: 5000 }), '2133734253');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Confirmation code');
    expect(screen.queryByTestId('bot-check')).not.toBeInTheDocument();
    expect(server.calls('POST /api/auth/phone-number/send-otp')[0]?.headers.has('x-captcha-response')).toBe(
      false,
    );
  });
});
