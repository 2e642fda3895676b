// @vitest-environment jsdom
import { DEFAULT_FEEDBLOCKING_SETTINGS, localUserDay } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { serverSession, site } from '../../test-support/data';
import { type PopupInputs, popupModel } from './model';
import { renderPopup } from './render';

const now = Date.UTC(2026, 0, 15, 12);
const today = localUserDay(new Date(now));
const auth = { token: 't', origin: 'http://localhost:3000', userId: 'u' };

function inputs(overrides: Partial<PopupInputs>): PopupInputs {
  return {
    auth: null,
    cache: null,
    localSessions: [],
    settings: DEFAULT_FEEDBLOCKING_SETTINGS,
    syncStatus: { lastAttemptAt: null, lastSuccessAt: null, error: null },
    defaultOrigin: 'https://stillpoint.app',
    now,
    withoutAccess: new Set(),
    ...overrides,
  };
}

function render(model: ReturnType<typeof popupModel>, grantAccess: (patterns: string[]) => void = () => {}) {
  const container = document.createElement('main');
  renderPopup(document, container, model, { grantAccess });
  return container;
}

describe('the popup', () => {
  it('signed out: says what Stillpoint does and links to sign-in on the default web app', () => {
    const view = render(popupModel(inputs({})));
    const link = view.querySelector('a');
    expect(link?.textContent).toBe('Sign in');
    expect(link?.getAttribute('href')).toBe('https://stillpoint.app/signin');
    expect(view.textContent).not.toContain('Open dashboard');
  });

  it('names an international site in Unicode, not the punycode it is stored as', () => {
    const japanese = site('https://xn--r8jz45g.xn--zckzah');
    const view = render(
      popupModel(inputs({ auth, cache: { sites: [japanese], fetchedAt: now, userDay: today } })),
    );
    expect(view.querySelector('.host')?.textContent).toBe('例え.テスト');
    expect(view.textContent).not.toContain('xn--');
  });

  it("links to the web app's privacy policy and terms, signed in or out", () => {
    const hrefOf = (view: HTMLElement, text: string) =>
      [...view.querySelectorAll('a')].find((link) => link.textContent === text)?.getAttribute('href');
    const signedOut = render(popupModel(inputs({})));
    expect(hrefOf(signedOut, 'Privacy policy')).toBe('https://stillpoint.app/privacy');
    expect(hrefOf(signedOut, 'Terms')).toBe('https://stillpoint.app/terms');
    const signedIn = render(popupModel(inputs({ auth })));
    expect(hrefOf(signedIn, 'Privacy policy')).toBe('http://localhost:3000/privacy');
    expect(hrefOf(signedIn, 'Terms')).toBe('http://localhost:3000/terms');
  });

  it("signed in: today's active sites with the uses left, and a link to the dashboard", () => {
    const youtube = site('https://www.youtube.com', { dailyBudget: 3 });
    youtube.todaysSessions = [serverSession(youtube.id, now, { startedMsAgo: 3_600_000 })];
    const reddit = site('https://reddit.com', { dailyBudget: 1 });
    reddit.todaysSessions = [serverSession(reddit.id, now, { startedMsAgo: 7_200_000 })];
    const paused = site('https://news.example', { active: false });
    const view = render(
      popupModel(
        inputs({ auth, cache: { sites: [youtube, reddit, paused], fetchedAt: now, userDay: today } }),
      ),
    );
    const rows = [...view.querySelectorAll('li')].map((row) => row.textContent);
    expect(rows).toEqual(['www.youtube.com2 of 3 uses left today', 'reddit.com0 of 1 use left today']);
    expect(view.querySelector('ul')?.getAttribute('aria-label')).toBe("Today's sites");
    const dashboard = [...view.querySelectorAll('a')].find((link) => link.textContent === 'Open dashboard');
    expect(dashboard?.getAttribute('href')).toBe('http://localhost:3000/');
  });

  it('shows a running session instead of the uses, and whole budgets on a new day', () => {
    const youtube = site('https://youtube.com', { budget: 4, dailyBudget: 3 });
    youtube.todaysSessions = [serverSession(youtube.id, now - 86_400_000)];
    const local = [
      { siteId: youtube.id, sessionId: 's', timeStarted: now / 1000 - 60, lengthInMilliseconds: 300_000 },
    ];
    const yesterday = { sites: [youtube], fetchedAt: now - 86_400_000, userDay: today - 1 };
    expect(popupModel(inputs({ auth, cache: yesterday })).sites[0]).toMatchObject({ usesLeft: 4, budget: 4 });
    const view = render(popupModel(inputs({ auth, cache: yesterday, localSessions: local })));
    expect(view.querySelector('li')?.textContent).toContain('open · 4 min left');
  });

  it('says when it has no sites yet, how many feeds are blocked, and when data may be stale', () => {
    const view = render(
      popupModel(
        inputs({
          auth,
          cache: { sites: [], fetchedAt: now, userDay: today },
          settings: { ...DEFAULT_FEEDBLOCKING_SETTINGS, redditFeedblocking: false },
          syncStatus: { lastAttemptAt: now, lastSuccessAt: null, error: 'offline' },
        }),
      ),
    );
    expect(view.textContent).toContain('No sites yet. Add one on your dashboard.');
    expect(view.textContent).toContain('Feeds blocked on 5 of 6 sites.');
    expect(view.textContent).toContain("Couldn't reach Stillpoint just now");
  });

  it('lists the sites still needing access on this browser, and one button asks for all of them', () => {
    const reddit = site('https://reddit.com');
    const news = site('https://www.news.example');
    const granted = site('https://youtube.com');
    const paused = site('https://paused.example', { active: false });
    const requests: string[][] = [];
    const view = render(
      popupModel(
        inputs({
          auth,
          cache: { sites: [reddit, news, granted, paused], fetchedAt: now, userDay: today },
          withoutAccess: new Set([reddit.id, news.id, paused.id]),
        }),
      ),
      (patterns) => requests.push(patterns),
    );
    const section = view.querySelector('section.access');
    expect(section?.querySelector('h2')?.textContent).toBe('Needs access on this browser');
    expect([...(section?.querySelectorAll('.host') ?? [])].map((node) => node.textContent)).toEqual([
      'reddit.com',
      'www.news.example',
    ]);
    const buttons = [...view.querySelectorAll('button')].filter(
      (button) => button.textContent === 'Grant access',
    );
    expect(buttons).toHaveLength(1);
    buttons[0]?.click();
    expect(requests).toEqual([['*://*.reddit.com/*', '*://*.news.example/*']]);
  });

  it('shows no access section once every site has access', () => {
    const view = render(
      popupModel(
        inputs({ auth, cache: { sites: [site('https://reddit.com')], fetchedAt: now, userDay: today } }),
      ),
    );
    expect(view.querySelector('section.access')).toBeNull();
    expect(view.textContent).not.toContain('Grant access');
  });
});
