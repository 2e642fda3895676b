import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEDIUM_WIDTH_QUERY } from '../../lib/use-media-query';
import { stubMatchMedia } from '../../test/browser-fakes';
import { FAKE_APP_LINKS, installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';

beforeAll(() => preloadRoutes('/mobileDownload', '/android'));

/** The levels of the page's headings, in order: none may skip a level on the way down. */
const headingLevels = () => screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
const expectHeadingsInOrder = () => {
  const levels = headingLevels();
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
  });
};

/** A computer's screen: the pages show QR codes from medium width. */
const wideScreen = (query: string) => query === MEDIUM_WIDTH_QUERY;

describe('/mobileDownload', () => {
  it('has the store badges, a QR code per store and the same-account line', async () => {
    stubMatchMedia(wideScreen);
    renderRoute('/mobileDownload');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Download Stillpoint on mobile' },
      { timeout: 5000 },
    );

    const badges = await screen.findByRole('list', { name: 'Get Stillpoint on your phone' });
    expect(within(badges).getByRole('link', { name: /App Store/ })).toHaveAttribute(
      'href',
      FAKE_APP_LINKS.appStoreUrl,
    );
    expect(within(badges).getByRole('link', { name: /Google Play/ })).toHaveAttribute(
      'href',
      FAKE_APP_LINKS.playStoreUrl,
    );
    expect(screen.getByRole('img', { name: 'QR code to Stillpoint on the App Store' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code to Stillpoint on Google Play' })).toBeInTheDocument();
    expect(screen.getByText("You'll be able to sign in with the same account.")).toBeInTheDocument();
    expectHeadingsInOrder();
  });

  it('says where to find the app when the store links cannot be loaded', async () => {
    const server = installFakeServer();
    server.route('GET /api/getAppLinks', () => ({
      status: 503,
      body: { success: false, code: 'UNAVAILABLE', error: 'Down for a moment.' },
    }));
    renderRoute('/mobileDownload');

    expect(
      await screen.findAllByText(
        'Search for Stillpoint on the App Store or Google Play.',
        {},
        { timeout: 8000 },
      ),
    ).not.toHaveLength(0);
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });
  it('works out no QR code on a phone, where the badges are the way', async () => {
    stubMatchMedia(() => false);
    renderRoute('/mobileDownload');

    expect(await screen.findByRole('list', { name: 'Get Stillpoint on your phone' })).toBeInTheDocument();
    // The links are in: the badges carry them, and the codes' places stay placeholders.
    expect(await screen.findByRole('link', { name: /App Store/ })).toHaveAttribute(
      'href',
      FAKE_APP_LINKS.appStoreUrl,
    );
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });
});

describe('/android', () => {
  it('has the Google Play badge and QR code, and what the app does', async () => {
    stubMatchMedia(wideScreen);
    renderRoute('/android');
    await screen.findByRole('heading', { level: 1, name: 'Stillpoint for Android' }, { timeout: 5000 });

    const badges = await screen.findByRole('list', { name: 'Get Stillpoint for Android' });
    expect(within(badges).getAllByRole('link')).toHaveLength(1);
    expect(within(badges).getByRole('link', { name: /Google Play/ })).toHaveAttribute(
      'href',
      FAKE_APP_LINKS.playStoreUrl,
    );
    expect(screen.getByRole('img', { name: 'QR code to Stillpoint on Google Play' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What it does on your phone' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stillpoint is on the App Store too' })).toHaveAttribute(
      'href',
      '/mobileDownload',
    );
    expectHeadingsInOrder();
  });
});
