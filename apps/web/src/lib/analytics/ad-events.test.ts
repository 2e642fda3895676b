import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsent, setConsentNeeded } from '../consent/consent';
import { trackAdEvent } from './ad-events';

const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"ok":true}'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  fetchSpy.mockClear();
  vi.unstubAllGlobals();
  localStorage.clear();
  setConsentNeeded(true);
});

const sentBodies = () => fetchSpy.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));

describe('trackAdEvent', () => {
  it('sends nothing before consent', async () => {
    trackAdEvent('ViewContent');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends each milestone once consented, with its own id, epoch seconds and the pixel', async () => {
    setConsent('granted');
    trackAdEvent('CompleteRegistration', { step: 'SIGN_UP' });
    trackAdEvent('CompleteRegistration', { step: 'SIGN_UP' });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    const [first, second] = sentBodies();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/trackTikTokEvent');
    expect(first).toMatchObject({
      event: 'CompleteRegistration',
      properties: { step: 'SIGN_UP' },
      pixelCode: 'STILLPOINT_LOCAL_PIXEL',
    });
    expect(first.eventId).not.toBe(second.eventId);
    expect(Math.abs(first.eventTime - Date.now() / 1000)).toBeLessThan(5);
  });
});
