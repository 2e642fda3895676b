import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsent, setConsentNeeded, setVisitorCountry } from '../consent/consent';
import { trackAdEvent } from './ad-events';
import { track } from './track';

const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"ok":true}'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  fetchSpy.mockClear();
  vi.unstubAllGlobals();
  localStorage.clear();
  setConsentNeeded(null);
});

const sentPaths = () => fetchSpy.mock.calls.map(([url]) => url);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('track and trackAdEvent follow the consent rule', () => {
  it('hold events until the country is known, then send them with the time they happened', async () => {
    const before = Date.now();
    track('clickedSomething');
    trackAdEvent('ViewContent');
    await settle();
    expect(fetchSpy).not.toHaveBeenCalled();

    setVisitorCountry('US');
    // In either order: the analytics event first loads its property limits (track.ts).
    await vi.waitFor(() =>
      expect([...sentPaths()].sort()).toEqual(['/api/trackAnalyticsEvent', '/api/trackTikTokEvent']),
    );
    const analytics = fetchSpy.mock.calls.find(([url]) => url === '/api/trackAnalyticsEvent');
    const body = JSON.parse(String(analytics?.[1]?.body));
    expect(body).toMatchObject({ name: 'clickedSomething' });
    expect(body.occurredAt).toBeGreaterThanOrEqual(before);
  });

  it('send nothing where the banner applies and nothing is chosen', async () => {
    setVisitorCountry('DE');
    track('clickedSomething');
    trackAdEvent('ViewContent');
    await settle();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('send nothing after Reject, even for an event already on its way to the request', async () => {
    setVisitorCountry('US');
    track('clickedSomething');
    trackAdEvent('ViewContent');
    // The request waits for the session token first; a Reject given meanwhile still stops it.
    setConsent('denied');
    await settle();
    track('clickedSomethingElse');
    await settle();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('track keeps its properties within what the server stores', () => {
  it('cuts long text, such as an API error message, instead of losing the event', async () => {
    setVisitorCountry('US');
    track('error', { message: 'x'.repeat(5000), status: 500 });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const body = JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body));
    expect(body.properties.message).toHaveLength(1000);
    expect(body.properties.status).toBe(500);
  });
});
