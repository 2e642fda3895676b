import { LEGAL_PATHS } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeResponse, installFakeServer } from '../../test/fake-server';
import { renderRoute } from '../../test/render-route';
import { Button } from '../../ui/button';
import { trackAdEvent } from '../analytics/ad-events';
import { useScrollDepthTracking } from '../analytics/scroll-depth';
import { track } from '../analytics/track';
import { callApi } from '../api';
import { closeCookieSettings, readConsent, setConsent } from '../consent/consent';
import { CookieSettingsButton } from './cookie-settings-button';

const ANALYTICS = 'POST /api/trackAnalyticsEvent';
const AD_EVENTS = 'POST /api/trackTikTokEvent';
const LOOKUP = 'GET /api/getVisitorCountry';

/** A page that sends what pages send: an event, an ad event, scroll depth, and an API error's log. */
function TrackingPage() {
  useScrollDepthTracking('test page');
  return (
    <main>
      <h1>A page</h1>
      <Button onClick={() => track('clickedSomething', { where: 'test' })}>Track</Button>
      <Button onClick={() => trackAdEvent('ViewContent', { content_name: 'TEST' })}>Ad event</Button>
      <Button onClick={() => void callApi('getUser').catch(() => undefined)}>Fail</Button>
      <footer>
        <CookieSettingsButton />
      </footer>
    </main>
  );
}

function open(country: string | null, { lookup }: { lookup?: FakeResponse } = {}) {
  const server = installFakeServer({ country });
  if (lookup) server.route(LOOKUP, () => lookup);
  server.route(ANALYTICS, () => ({ body: { success: true, data: { ok: true } } }));
  server.route(AD_EVENTS, () => ({ body: { success: true, data: { ok: true } } }));
  server.route('GET /api/getUser', () => ({
    status: 500,
    body: { success: false, code: 'INTERNAL', error: 'Something broke.' },
  }));
  renderRoute('/', [{ path: '/', element: <TrackingPage /> }]);
  return { server, user: userEvent.setup() };
}

const banner = () => screen.findByRole('region', { name: 'Cookie consent' }, { timeout: 4000 });
const noBanner = () => screen.queryByRole('region', { name: 'Cookie consent' });
const sentNames = (server: ReturnType<typeof installFakeServer>) =>
  server.calls(ANALYTICS).map((request) => (request.body as { name: string }).name);
const sentAdEvents = (server: ReturnType<typeof installFakeServer>) =>
  server.calls(AD_EVENTS).map((request) => (request.body as { event: string }).event);

/**
 * Waits until everything raised so far has gone as far as it was let go. Tracking is then allowed
 * and a marker raised: it goes the same way (the consent check, the property limits, the token,
 * the request), so once both markers have been sent, an event let through before them has been too.
 */
async function afterAllSent(server: ReturnType<typeof installFakeServer>) {
  setConsent('granted');
  track('marker');
  trackAdEvent('marker');
  await waitFor(() => expect(sentNames(server)).toContain('marker'), { timeout: 4000 });
  await waitFor(() => expect(sentAdEvents(server)).toContain('marker'), { timeout: 4000 });
}

/** Waits until the country lookup has answered and the page has had time to act on it. */
async function afterLookup(server: ReturnType<typeof installFakeServer>) {
  await waitFor(() => expect(server.calls(LOOKUP)).toHaveLength(1), { timeout: 4000 });
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Scrolls the page (jsdom has no layout, so any scroll reads as the whole page seen). */
function scroll() {
  window.dispatchEvent(new Event('scroll'));
}

describe('the cookie banner', () => {
  it('never shows to a US visitor, whose analytics and ad events are sent without asking', async () => {
    const { server, user } = open('US');
    // Raised before the lookup has answered, it waits in the page and leaves once the answer is US.
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await afterLookup(server);
    expect(noBanner()).not.toBeInTheDocument();
    await waitFor(() => expect(sentNames(server)).toContain('clickedSomething'), { timeout: 4000 });

    await user.click(screen.getByRole('button', { name: 'Ad event' }));
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(server.calls(AD_EVENTS)).toHaveLength(1), { timeout: 4000 });
    await waitFor(() => expect(sentNames(server)).toContain('error'), { timeout: 4000 });
  });

  it.each([
    ['from Germany', 'DE'],
    ['whose country is unknown', null],
  ])('shows to a visitor %s, with Reject, Accept and the privacy policy', async (_, country) => {
    open(country);
    const region = within(await banner());
    expect(region.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    const privacy = region.getByRole('link', { name: /^Privacy policy/ });
    expect(privacy).toHaveAttribute('href', LEGAL_PATHS.privacy);
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAccessibleName(/^Privacy policy ?\(opens in a new tab\)$/);
  });

  it('shows when the lookup fails: an unknown country is not the US', async () => {
    open('US', {
      lookup: { status: 503, body: { success: false, code: 'UNAVAILABLE', error: 'Try later.' } },
    });
    expect(await banner()).toBeInTheDocument();
  });

  it.each(['granted', 'denied'] as const)('stays away once a choice is stored (%s)', async (choice) => {
    setConsent(choice);
    const { server } = open('DE');
    await afterLookup(server);
    expect(noBanner()).not.toBeInTheDocument();
  });

  it('sends nothing before a choice where it applies', async () => {
    const { server, user } = open('DE');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await banner();
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await user.click(screen.getByRole('button', { name: 'Ad event' }));
    scroll();
    await afterAllSent(server);
    expect(sentNames(server)).toEqual(['marker']);
    expect(sentAdEvents(server)).toEqual(['marker']);
  });

  it('comes first in the tab order', async () => {
    open('DE');
    const region = await banner();
    await userEvent.setup().tab();
    expect(region).toContainElement(document.activeElement as HTMLElement);
  });

  it('answered from the keyboard, gives focus back to where it was', async () => {
    const { user } = open('DE');
    const region = within(await banner());
    const before = screen.getByRole('button', { name: 'Track' });
    before.focus();
    region.getByRole('button', { name: 'Reject' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(noBanner()).not.toBeInTheDocument());
    expect(before).toHaveFocus();
  });

  it('keeps room below the page for itself while it shows', async () => {
    const { user } = open('DE');
    await banner();
    expect(document.documentElement.style.getPropertyValue('--cookie-banner-height')).toMatch(/^\d+px$/);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(noBanner()).not.toBeInTheDocument());
    expect(document.documentElement.style.getPropertyValue('--cookie-banner-height')).toBe('');
    expect(document.body.style.paddingBottom).toBe('');
  });

  it('Accept stores the choice, records cookieConsent, goes away and lets tracking through', async () => {
    const { server, user } = open('DE');
    await user.click(within(await banner()).getByRole('button', { name: 'Accept' }));

    expect(readConsent()).toBe('granted');
    await waitFor(() => expect(noBanner()).not.toBeInTheDocument());
    await waitFor(() => expect(sentNames(server)).toEqual(['cookieConsent']), { timeout: 4000 });
    expect(server.calls(ANALYTICS)[0]?.body).toMatchObject({
      name: 'cookieConsent',
      properties: { choice: 'granted' },
    });

    await user.click(screen.getByRole('button', { name: 'Track' }));
    await user.click(screen.getByRole('button', { name: 'Ad event' }));
    await waitFor(() => expect(sentNames(server)).toContain('clickedSomething'), { timeout: 4000 });
    await waitFor(() => expect(server.calls(AD_EVENTS)).toHaveLength(1), { timeout: 4000 });
  });

  it('Reject stores the choice, goes away, and no analytics or ad event leaves the page after', async () => {
    const { server, user } = open('DE');
    await user.click(within(await banner()).getByRole('button', { name: 'Reject' }));

    expect(readConsent()).toBe('denied');
    await waitFor(() => expect(noBanner()).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Track' }));
    await user.click(screen.getByRole('button', { name: 'Ad event' }));
    // An API failure is logged to analytics as an error event (SPEC §8), but not after a Reject.
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(server.calls('GET /api/getUser').length).toBeGreaterThan(0));
    scroll();
    await afterAllSent(server);

    expect(sentNames(server)).toEqual(['marker']);
    expect(sentAdEvents(server)).toEqual(['marker']);
    expect(noBanner()).not.toBeInTheDocument();
  });
});

describe('cookie settings', () => {
  // The request to see the choice again outlives a test that leaves it open.
  afterEach(() => closeCookieSettings());

  const settingsButton = () => screen.getByRole('button', { name: 'Cookie settings' });

  it('reopen the choice of a visitor who accepted, with focus in it, saying tracking is on', async () => {
    setConsent('granted');
    const { server, user } = open('DE');
    await afterLookup(server);
    expect(noBanner()).not.toBeInTheDocument();

    await user.click(settingsButton());

    const region = await banner();
    await waitFor(() => expect(region).toHaveFocus());
    expect(region).toHaveAccessibleDescription(/This is on now\./);
    expect(within(region).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('withdrawn there, stop analytics and ad events at once, and give focus back to the button', async () => {
    setConsent('granted');
    const { server, user } = open('DE');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await waitFor(() => expect(sentNames(server)).toEqual(['clickedSomething']), { timeout: 4000 });

    await user.click(settingsButton());
    await user.click(within(await banner()).getByRole('button', { name: 'Reject' }));

    expect(readConsent()).toBe('denied');
    await waitFor(() => expect(noBanner()).not.toBeInTheDocument());
    expect(settingsButton()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await user.click(screen.getByRole('button', { name: 'Ad event' }));
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(server.calls('GET /api/getUser').length).toBeGreaterThan(0));
    scroll();
    await afterAllSent(server);
    expect(sentNames(server)).toEqual(['clickedSomething', 'marker']);
    expect(sentAdEvents(server)).toEqual(['marker']);
  });

  it('reopen for a US visitor, who never saw the banner; Reject there stops tracking', async () => {
    const { server, user } = open('US');
    await afterLookup(server);
    expect(noBanner()).not.toBeInTheDocument();

    await user.click(settingsButton());
    const region = await banner();
    expect(region).toHaveAccessibleDescription(/This is on now\./);
    await user.click(within(region).getByRole('button', { name: 'Reject' }));

    expect(readConsent()).toBe('denied');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    scroll();
    await afterAllSent(server);
    expect(sentNames(server)).toEqual(['marker']);
  });

  it('say tracking is off for a visitor who rejected, and Accept there turns it on', async () => {
    setConsent('denied');
    const { server, user } = open('DE');

    await user.click(settingsButton());
    const region = await banner();
    expect(region).toHaveAccessibleDescription(/This is off now\./);
    await user.click(within(region).getByRole('button', { name: 'Accept' }));

    expect(readConsent()).toBe('granted');
    await waitFor(() => expect(sentNames(server)).toEqual(['cookieConsent']), { timeout: 4000 });
  });

  it.each([
    [
      'Close',
      (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Close cookie settings' })),
    ],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('close with %s, keeping the choice, and give focus back', async (_, closeWith) => {
    setConsent('granted');
    const { user } = open('DE');
    settingsButton().focus();
    await user.keyboard('{Enter}');
    await waitFor(async () => expect(await banner()).toHaveFocus());

    await closeWith(user);

    await waitFor(() => expect(noBanner()).not.toBeInTheDocument());
    expect(settingsButton()).toHaveFocus();
    expect(readConsent()).toBe('granted');
  });

  it('take over the banner a visitor has not answered yet, moving focus into it', async () => {
    const { user } = open('DE');
    const region = await banner();
    expect(region).not.toHaveFocus();

    await user.click(settingsButton());

    await waitFor(() => expect(region).toHaveFocus());
    expect(region).toHaveAccessibleDescription(/This is off now\./);
  });
});
