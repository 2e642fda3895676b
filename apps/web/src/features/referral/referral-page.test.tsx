import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { track } from '../../lib/analytics/track';
import { MEDIUM_WIDTH_QUERY } from '../../lib/use-media-query';
import { stubMatchMedia } from '../../test/browser-fakes';
import { FAKE_APP_LINKS, FAKE_REFERRAL_VIEW_ID, installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { storeRedirect } from './store-redirect';

vi.mock('../../lib/analytics/track', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/analytics/track')>()),
  track: vi.fn(),
}));

beforeAll(() => preloadRoutes('/referral-link'));
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
});

const VIEW = 'POST /api/viewAppReferral';
const CLICK = 'POST /api/clickedDownloadFromAppReferral';

const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const badges = () => screen.findByRole('list', { name: 'Download Stillpoint' }, { timeout: 5000 });
const appStoreBadge = async () => within(await badges()).getByRole('link', { name: /App Store/ });

/** Stands in for leaving the page, and notes which clicks the server had by then. */
function watchStore(server: ReturnType<typeof installFakeServer>) {
  const clicksWhenLeft: number[] = [];
  const open = vi.spyOn(storeRedirect, 'open').mockImplementation(() => {
    clicksWhenLeft.push(server.calls(CLICK).length);
  });
  return { open, clicksWhenLeft };
}

describe('a link with who shared it', () => {
  it('names them and records the visit once, with their id', async () => {
    const server = installFakeServer();
    // A computer's screen: the QR code shows from medium width.
    stubMatchMedia((query) => query === MEDIUM_WIDTH_QUERY);
    renderRoute('/referral-link?sharedByName=Alex&sharedByUserId=user-42');

    await heading('Alex invited you to Stillpoint');
    await waitFor(() => expect(server.calls(VIEW)).toHaveLength(1));
    expect(server.calls(VIEW)[0]?.body).toEqual({ referringUserId: 'user-42' });
    expect(await appStoreBadge()).toHaveAttribute('href', FAKE_APP_LINKS.appStoreUrl);
    expect(screen.getByRole('img', { name: 'QR code to Stillpoint on the App Store' })).toBeInTheDocument();

    // Nothing asks again: not the page settling, not the window regaining focus.
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.calls(VIEW)).toHaveLength(1);
    expect(track).not.toHaveBeenCalledWith('error', expect.anything());
  });

  it('records a press on a badge, then opens the store', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    const store = watchStore(server);
    renderRoute('/referral-link?sharedByName=Alex&sharedByUserId=user-42');
    await heading('Alex invited you to Stillpoint');
    await waitFor(() => expect(server.calls(VIEW)).toHaveLength(1));

    await user.click(await appStoreBadge());

    await waitFor(() => expect(store.open).toHaveBeenCalledWith(FAKE_APP_LINKS.appStoreUrl));
    expect(server.calls(CLICK).map((call) => call.body)).toEqual([{ referralViewId: FAKE_REFERRAL_VIEW_ID }]);
    // Recorded before leaving: a page that has left sends nothing.
    expect(store.clicksWhenLeft).toEqual([1]);
  });

  it('on Google Play too, and a press before the visit is answered waits for its id', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    let answerView: () => void = () => undefined;
    server.route(VIEW, async () => {
      await new Promise<void>((resolve) => {
        answerView = resolve;
      });
      return { body: { success: true, data: { id: FAKE_REFERRAL_VIEW_ID } } };
    });
    const store = watchStore(server);
    renderRoute('/referral-link?sharedByName=Alex&sharedByUserId=user-42');
    const badge = within(await badges()).getByRole('link', { name: /Google Play/ });
    await waitFor(() => expect(server.calls(VIEW)).toHaveLength(1));

    await user.click(badge);
    expect(badge).toHaveAttribute('aria-busy', 'true');
    answerView();

    await waitFor(() => expect(store.open).toHaveBeenCalledWith(FAKE_APP_LINKS.playStoreUrl));
    expect(server.calls(CLICK).map((call) => call.body)).toEqual([{ referralViewId: FAKE_REFERRAL_VIEW_ID }]);
    expect(store.clicksWhenLeft).toEqual([1]);
    // The press waited for the visit's own call rather than making another.
    expect(server.calls(VIEW)).toHaveLength(1);
    await waitFor(() => expect(badge).not.toHaveAttribute('aria-busy'));
  });

  it('still works when the visit cannot be recorded: the store opens, no click is sent', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.route(VIEW, () => ({
      status: 500,
      body: { success: false, code: 'INTERNAL', error: 'Something broke' },
    }));
    const store = watchStore(server);
    renderRoute('/referral-link?sharedByName=Alex&sharedByUserId=user-42');
    await heading('Alex invited you to Stillpoint');
    await waitFor(() => expect(server.calls(VIEW)).toHaveLength(1));
    // Let the failure land before pressing.
    await new Promise((resolve) => setTimeout(resolve, 50));

    await user.click(await appStoreBadge());

    await waitFor(() => expect(store.open).toHaveBeenCalledWith(FAKE_APP_LINKS.appStoreUrl));
    expect(server.calls(CLICK)).toHaveLength(0);
    expect(server.calls(VIEW)).toHaveLength(1);
  });

  it('opens the store even when the click cannot be recorded', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.route(CLICK, () => ({
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', error: 'Too many requests' },
    }));
    const store = watchStore(server);
    renderRoute('/referral-link?sharedByUserId=user-42');
    await waitFor(() => expect(server.calls(VIEW)).toHaveLength(1));

    await user.click(await appStoreBadge());

    await waitFor(() => expect(store.open).toHaveBeenCalledWith(FAKE_APP_LINKS.appStoreUrl));
    expect(server.calls(CLICK)).toHaveLength(1);
  });
});

describe('a link without who shared it', () => {
  it('shows the page, logs the missing id and records nothing', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    const store = watchStore(server);
    renderRoute('/referral-link?sharedByName=Alex');

    await heading('Alex invited you to Stillpoint');
    await waitFor(() =>
      expect(track).toHaveBeenCalledWith('error', {
        location: 'referral link',
        message: 'sharedByUserId is missing',
      }),
    );
    expect(track).toHaveBeenCalledTimes(1);

    await user.click(await appStoreBadge());
    await waitFor(() => expect(store.open).toHaveBeenCalledWith(FAKE_APP_LINKS.appStoreUrl));
    expect(server.calls(VIEW)).toHaveLength(0);
    expect(server.calls(CLICK)).toHaveLength(0);
  });

  it('names nobody without a name, and treats a blank id as missing', async () => {
    const server = installFakeServer();
    renderRoute('/referral-link?sharedByName=%20%20&sharedByUserId=%20');

    await heading("You've been invited to Stillpoint");
    await waitFor(() => expect(track).toHaveBeenCalledWith('error', expect.anything()));
    expect(await appStoreBadge()).toBeInTheDocument();
    expect(server.calls(VIEW)).toHaveLength(0);
  });
});

describe("the sharer's name", () => {
  it('is shortened to the first word when it is long', async () => {
    renderRoute('/referral-link?sharedByName=Alexandra%20Whitworth-Smythe&sharedByUserId=user-42');
    await heading('Alexandra invited you to Stillpoint');
  });

  it('is shown as text, never as markup', async () => {
    const { container } = renderRoute(
      `/referral-link?sharedByName=${encodeURIComponent('<b>Sam</b>')}&sharedByUserId=user-42`,
    );
    const title = await heading('<b>Sam</b> invited you to Stillpoint');
    expect(title.querySelector('b')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });
});
