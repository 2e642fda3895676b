import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { oauthReturn } from '../../lib/auth/oauth-return';
import { sessionToken } from '../../lib/session-token';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';

const phoneField = () => screen.findByLabelText('Phone number');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function goToCodeStep(number = '2133734253') {
  const user = userEvent.setup();
  await user.type(await phoneField(), number);
  await user.click(continueButton());
  const code = await screen.findByLabelText('Confirmation code');
  return { user, code };
}

// The page's code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/signin'));

/** Holds the session check unanswered until the returned function answers 'nobody'. */
function holdSessionCheck() {
  const server = installFakeServer();
  let answer: () => void = () => undefined;
  server.route(
    'GET /api/auth/get-session',
    () =>
      new Promise((resolve) => {
        answer = () => resolve({ body: null });
      }),
  );
  return () => answer();
}

const pageCover = () => screen.queryByRole('status', { name: 'Loading' });

describe('SignInPage while the session is being checked', () => {
  it('shows a new visitor the form at once, uncovered', async () => {
    holdSessionCheck();
    renderRoute('/signin');

    expect(await phoneField()).toBeVisible();
    expect(pageCover()).not.toBeInTheDocument();
  });

  it('covers the page while a Google or Apple sign-in comes back, and shows the form when it brought no session', async () => {
    oauthReturn.expect();
    const answer = holdSessionCheck();
    renderRoute('/signin');
    await phoneField();
    expect(pageCover()).toBeInTheDocument();

    answer();

    await waitFor(() => expect(pageCover()).not.toBeInTheDocument());
    expect(oauthReturn.pending()).toBe(false);
  });

  it('covers the page for someone with a stored session token', async () => {
    sessionToken.set('stored.token');
    holdSessionCheck();
    renderRoute('/signin');
    await phoneField();

    expect(pageCover()).toBeInTheDocument();
  });
});

describe('SignInPage', () => {
  it('prefills +1 for the United States and offers a country picker', async () => {
    renderRoute('/signin');

    expect(await phoneField()).toHaveValue('+1');
    expect(screen.getByRole('combobox', { name: 'Phone number country' })).toHaveValue('US');
  });

  it('lists every country once the picker is reached, and a choice swaps the calling code', async () => {
    const user = userEvent.setup();
    renderRoute('/signin');
    const phone = await phoneField();
    const picker = screen.getByRole('combobox', { name: 'Phone number country' });

    await user.click(picker);
    expect(screen.getAllByRole('option').length).toBeGreaterThan(200);
    await user.selectOptions(picker, 'DE');

    expect(picker).toHaveValue('DE');
    expect(phone).toHaveValue('+49');
  });

  it('enables Continue only for a valid phone number', async () => {
    const user = userEvent.setup();
    renderRoute('/signin');
    const phone = await phoneField();

    expect(continueButton()).toBeDisabled();
    await user.type(phone, '213373425');
    expect(continueButton()).toBeDisabled();
    await user.type(phone, '3');
    expect(continueButton()).toBeEnabled();
    // 555 numbers are fictional: only the server's test number is allowed through.
    await user.clear(phone);
    await user.type(phone, '+15555550199');
    expect(continueButton()).toBeDisabled();
  });

  it('accepts the development test number and shows it as a hint', async () => {
    const user = userEvent.setup();
    renderRoute('/signin');

    expect(await screen.findByText(/test number/)).toHaveTextContent(
      'Development: test number +1 555 555 0100. It signs in with the code set in TEST_PHONE_NUMBERS, and no text message is sent.',
    );
    await user.type(await phoneField(), '5555550100');
    expect(continueButton()).toBeEnabled();
  });

  it('accepts every configured test number, not only the first, and lists them all', async () => {
    const server = installFakeServer();
    server.route('GET /api/getAuthConfig', () => ({
      body: {
        success: true,
        data: {
          google: { kind: 'oauth2', id: 'dev-google' },
          apple: { kind: 'oauth2', id: 'dev-apple' },
          captcha: null,
          testPhoneNumbers: [{ phoneNumber: '+15555550100' }, { phoneNumber: '+15555550123' }],
        },
      },
    }));
    renderRoute('/signin');

    expect(await screen.findByText(/test numbers/)).toHaveTextContent(
      'Development: test numbers +1 555 555 0100, +1 555 555 0123. They sign in with the code set in TEST_PHONE_NUMBERS, and no text message is sent.',
    );
    const { code } = await goToCodeStep('5555550123');
    expect(code).toBeInTheDocument();
    expect(server.calls('POST /api/auth/phone-number/send-otp')[0]?.body).toEqual({
      phoneNumber: '+15555550123',
    });
  });

  it('moves to the code step with focus on the code, and Submit needs all 6 digits', async () => {
    renderRoute('/signin');
    const { user, code } = await goToCodeStep();

    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/we sent to/)).toHaveTextContent('+1 213 373 4253');

    const submit = screen.getByRole('button', { name: 'Submit' });
    await user.type(code, '12a34-5');
    expect(code).toHaveValue('12345');
    expect(submit).toBeDisabled();
    await user.type(code, '67');
    expect(code).toHaveValue('123456');
    expect(submit).toBeEnabled();
  });

  it("shows 'Error, please try again' with the reason when the code is wrong", async () => {
    renderRoute('/signin');
    const { user, code } = await goToCodeStep();

    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = (await screen.findByText('Error, please try again')).closest('[role="alert"]');
    expect(alert).toHaveTextContent("That code doesn't match.");
    expect(alert).not.toHaveTextContent('INVALID_OTP');
    // Back on the code, ready to type it again.
    await waitFor(() => expect(screen.getByLabelText('Confirmation code')).toHaveFocus());
  });

  it('explains a refused send, such as too many requests, without the raw code', async () => {
    const server = installFakeServer();
    server.route('POST /api/auth/phone-number/send-otp', () => ({
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
    }));
    const user = userEvent.setup();
    renderRoute('/signin');

    await user.type(await phoneField(), '2133734253');
    await user.click(continueButton());

    const alert = await screen.findByText('Error, please try again');
    expect(alert.parentElement).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
  });

  it('goes back to the number with "Use a different number", keeping what was typed', async () => {
    renderRoute('/signin');
    const { user } = await goToCodeStep();

    await user.click(screen.getByRole('button', { name: 'Use a different number' }));

    const phone = await phoneField();
    expect(phone).toHaveValue('+1 213 373 4253');
    await waitFor(() => expect(phone).toHaveFocus());
  });

  it('says a new code was sent after "Resend code"', async () => {
    const server = installFakeServer();
    renderRoute('/signin');
    const { user } = await goToCodeStep();

    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('We sent a new code to +1 213 373 4253.')).toBeInTheDocument();
    expect(server.calls('POST /api/auth/phone-number/send-otp')).toHaveLength(2);
  });

  it('signs in, tells the server once with the time zone and trial e-mail, and goes to onboarding', async () => {
    const server = installFakeServer();
    const { router } = renderRoute('/signin?trialEmail=sam%40example.com');
    const { user, code } = await goToCodeStep();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'What brings you to Stillpoint?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    const syncs = server.calls('POST /api/syncCurrentUser');
    expect(syncs).toHaveLength(1);
    expect(syncs[0]?.body).toEqual({
      timezoneOffsetMinutes: new Date().getTimezoneOffset(),
      trialEmail: 'sam@example.com',
    });
    // Later API calls carry the session as a bearer token.
    expect(syncs[0]?.headers.get('Authorization')).toBe('Bearer session-token-1');
  });

  it('offers phone, then Google and Apple below an "or", under the default title', async () => {
    renderRoute('/signin');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in or create account' }),
    ).toBeInTheDocument();
    expect(await phoneField()).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument();
  });

  it('shows only the suggested phone method under "Sign in to Stillpoint"', async () => {
    renderRoute('/signin?suggestedAuthFormats=phone');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Stillpoint' }),
    ).toBeInTheDocument();
    expect(await phoneField()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('hides the phone form when only Google and Apple are suggested', async () => {
    renderRoute('/signin?suggestedAuthFormats=google,apple');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Stillpoint' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
  });

  it('offers only Google when Google alone is suggested, with phone', async () => {
    renderRoute('/signin?suggestedAuthFormats=phone,google');

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(await phoneField()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).not.toBeInTheDocument();
  });

  it('offers only Apple when Apple alone is suggested', async () => {
    renderRoute('/signin?suggestedAuthFormats=apple');

    expect(await screen.findByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
  });

  it('ignores unknown suggested formats and keeps the default title', async () => {
    renderRoute('/signin?suggestedAuthFormats=email');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in or create account' }),
    ).toBeInTheDocument();
    expect(await phoneField()).toBeInTheDocument();
  });

  it('welcomes people from the iOS app with a toast for 8 seconds', async () => {
    // Fake time that also moves on its own, so the page can load before the clock is pushed.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderRoute('/signin?source=iPhoneApp');
      const text =
        "Hey, we're glad you made it here from our iOS app! Sign in below to get started with Stillpoint on Chrome.";

      expect(await screen.findByText(text)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(7500));
      expect(screen.getByText(text)).toBeInTheDocument();
      // Past 8 s, plus the exit animation before the toast leaves the DOM.
      await act(() => vi.advanceTimersByTimeAsync(1500));
      expect(screen.queryByText(text)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains an error a Google or Apple redirect came back with', async () => {
    renderRoute('/signin?error=access_denied');

    expect(
      await screen.findByText('Sign-in was cancelled. Choose a way to sign in to continue.'),
    ).toBeInTheDocument();
  });

  it('sends a signed-in visitor on instead of showing the form', async () => {
    installFakeServer({ signedIn: true });
    const { router } = renderRoute('/signin');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'What brings you to Stillpoint?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });
});
