import { type BrowserSiteSession, type CustomSite, messages, type QuoteView } from '@stillpoint/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeResponse, installFakeServer } from '../../test/fake-server';
import { renderRoute } from '../../test/render-route';
import { browserTab } from './browser-tab';

const SITE_ID = '0b7d4c1e-5a1f-4c8e-9a55-2f0d7e1c9b11';
const OTHER_SITE_ID = '9e2f3a10-6b7c-4d8e-8f90-a1b2c3d4e5f6';
const QUOTE: QuoteView = { id: 7, quote: 'Wherever you are, be all there.', author: 'Jim Elliot' };

const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });
const failure = (status: 500 | 503, error: string): FakeResponse => ({
  status,
  body: { success: false, code: status === 503 ? 'UNAVAILABLE' : 'INTERNAL', error },
});

function usedSession(index: number): BrowserSiteSession {
  return {
    id: `00000000-0000-4000-8000-00000000000${index}`,
    siteId: SITE_ID,
    timeStarted: 1_700_000_000 + index * 600,
    lengthInMilliseconds: 300_000,
    userDay: 19_675,
  };
}

function site(overrides: Partial<CustomSite> = {}): CustomSite {
  return {
    id: SITE_ID,
    siteOrigin: 'https://www.youtube.com',
    budget: 3,
    active: true,
    dailyBudget: 3,
    todaysSessions: [],
    activeSessions: [],
    ...overrides,
  };
}

interface SetupOptions {
  sites?: CustomSite[] | (() => FakeResponse);
  startSession?: () => FakeResponse;
  query?: string;
}

function setup({
  sites = [site()],
  startSession,
  query = `siteId=${SITE_ID}&returnUrl=${encodeURIComponent('https://www.youtube.com/watch?v=abc')}`,
}: SetupOptions = {}) {
  const server = installFakeServer({ signedIn: true });
  server.route('GET /api/getQuotes', () => ok([QUOTE]));
  server.route('GET /api/getBrowserSitesWithActiveAndTodaysSessions', () =>
    typeof sites === 'function' ? sites() : ok(sites),
  );
  server.route('POST /api/startBrowserSiteSession', startSession ?? (({ body }) => ok(body)));

  // The extension, as Chrome exposes it to a page it may talk to: it takes sessions and
  // declines the sign-in hand-over, which is not what these tests are about.
  const extensionMessages: unknown[] = [];
  vi.stubGlobal('chrome', {
    runtime: {
      sendMessage: (_id: string, message: { type: string }, reply: (answer: unknown) => void) => {
        extensionMessages.push(message);
        reply(
          message.type === 'START_SESSION' ? { status: 'success' } : { status: 'error', error: 'not now' },
        );
      },
    },
  });

  const tab = {
    close: vi.spyOn(browserTab, 'close').mockImplementation(() => undefined),
    isClosed: vi.spyOn(browserTab, 'isClosed').mockReturnValue(false),
    leaveTo: vi.spyOn(browserTab, 'leaveTo').mockImplementation(() => undefined),
  };
  const view = renderRoute(`/breathe?${query}`);
  return { server, extensionMessages, tab, ...view };
}

/** Moves the fake clock: the countdown, the close delay and retries all run on it. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Waits (in real time) for `probe` to find something, letting fetches, lazy routes and React
 * finish between tries. The fake clock moves only by `stepMs` a try, so the countdown stays put
 * while the page loads, however slow the machine.
 */
async function settle<T>(probe: () => T | null | undefined | false, stepMs = 0): Promise<T> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const found = probe();
    if (found) return found;
    if (performance.now() > deadline) throw new Error(`Gave up waiting for ${probe.toString()}`);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(stepMs);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

/** A click, as the fake clock allows (user-event waits on timers of its own). */
const click = (element: HTMLElement) => fireEvent.click(element);

const find = (text: string | RegExp) => settle(() => screen.queryByText(text));
const findButton = (name: string) => settle(() => screen.queryByRole('button', { name }));
const findHeading = (name: string) => settle(() => screen.queryByRole('heading', { name }));

/** Waits for the page, then lets the whole 11 s countdown run out. */
async function breatheThrough() {
  await find('breathe in');
  await advance(11_000);
}

/** The number in the circle: the seconds left (empty at 0). */
const secondsShown = () => screen.getByTestId('seconds-left').textContent ?? '';

const phaseText = () => {
  for (const phase of ['breathe in', 'breathe out']) if (screen.queryByText(phase)) return phase;
  return screen.queryByText(`“${QUOTE.quote}”`) ? 'quote' : 'nothing';
};

beforeEach(() => {
  // Only the clock: setImmediate stays real so settle() can let I/O through.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('BreathePage: the countdown', () => {
  it('breathes in above 7, out from 7 to 4, and shows the quote with its author below 4', async () => {
    setup();
    await find('breathe in');

    // Step through in quarter seconds and note what each second showed.
    const seen = new Map<string, Set<string>>();
    for (let step = 0; step < 48; step += 1) {
      const seconds = secondsShown();
      seen.set(seconds, (seen.get(seconds) ?? new Set()).add(phaseText()));
      await advance(250);
    }

    const expected: [string, string][] = [
      ['11', 'breathe in'],
      ['10', 'breathe in'],
      ['9', 'breathe in'],
      ['8', 'breathe in'],
      ['7', 'breathe out'],
      ['6', 'breathe out'],
      ['5', 'breathe out'],
      ['4', 'breathe out'],
      ['3', 'quote'],
      ['2', 'quote'],
      ['1', 'quote'],
      ['', 'quote'],
    ];
    for (const [seconds, phase] of expected) expect([...(seen.get(seconds) ?? [])]).toEqual([phase]);
    expect(screen.getByText(QUOTE.author)).toBeInTheDocument();
  });

  it('announces the phase and the quote in polite live regions', async () => {
    setup();
    const words = await find('breathe in');
    expect(words).toHaveAttribute('aria-live', 'polite');

    await advance(8_000);
    const quote = screen.getByText(`“${QUOTE.quote}”`);
    expect(quote.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('offers the choice only when the countdown reaches 0', async () => {
    setup();
    await find('breathe in');
    await advance(10_500);
    expect(screen.queryByRole('button', { name: 'Nevermind' })).not.toBeInTheDocument();

    await advance(600);
    expect(screen.getByRole('button', { name: 'Nevermind' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use site' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Still want to open www.youtube.com?' })).toHaveFocus();
  });
});

describe("BreathePage: carrying on from the extension's first screen", () => {
  /** The address the extension hands over to, its first screen having begun `agoMs` ago. */
  const handedOver = (agoMs: number) =>
    `siteId=${SITE_ID}&breathingSince=${Date.now() - agoMs}&returnUrl=https://www.youtube.com/watch?v=abc`;

  /** The circle's own element, which carries the animation. */
  const circle = () => document.querySelector<HTMLElement>('[data-breath]');

  it('counts on from where that screen was and ends the pause 11 s after it began', async () => {
    setup({ query: handedOver(2_500) });
    await find('breathe in');
    expect(secondsShown()).toBe('9');

    // Each second changes on the first screen's boundaries: 3 s after it began, then every second.
    await advance(499);
    expect(secondsShown()).toBe('9');
    await advance(1);
    expect([secondsShown(), phaseText()]).toEqual(['8', 'breathe in']);

    await advance(999);
    expect([secondsShown(), phaseText()]).toEqual(['8', 'breathe in']);
    await advance(1);
    expect([secondsShown(), phaseText()]).toEqual(['7', 'breathe out']);

    await advance(3_999);
    expect([secondsShown(), phaseText()]).toEqual(['4', 'breathe out']);
    await advance(1);
    expect(secondsShown()).toBe('3');
    expect(screen.queryByText('breathe out')).not.toBeInTheDocument();

    await advance(2_999);
    expect(screen.queryByRole('button', { name: 'Nevermind' })).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('button', { name: 'Nevermind' })).toBeInTheDocument();
  });

  it("starts the circle's breathing in as far along as that screen was, and only breathing in", async () => {
    setup({ query: handedOver(2_500) });
    await find('breathe in');
    expect(circle()).toHaveAttribute('data-breath', 'in');
    expect(circle()?.style.animationDelay).toBe('-2500ms');

    // Unchanged while breathing in: a new delay would make the circle jump.
    await advance(1_000);
    expect(circle()?.style.animationDelay).toBe('-2500ms');

    await advance(500);
    expect(circle()).toHaveAttribute('data-breath', 'out');
    expect(circle()?.style.animationDelay).toBe('');
  });

  it('breathes in from the start when nothing was handed over', async () => {
    setup();
    await find('breathe in');
    expect(secondsShown()).toBe('11');
    expect(circle()).toHaveAttribute('data-breath', 'in');
    expect(circle()?.style.animationDelay).toBe('');
  });

  it.each([
    ['more than 5 s ago', 5_001],
    ['in the future', -1_000],
  ])('starts afresh at 11 when the first screen began %s', async (_when, agoMs) => {
    setup({ query: handedOver(agoMs) });
    await find('breathe in');
    expect(secondsShown()).toBe('11');
    expect(circle()?.style.animationDelay).toBe('');

    await advance(10_999);
    expect(screen.queryByRole('button', { name: 'Nevermind' })).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('button', { name: 'Nevermind' })).toBeInTheDocument();
  });
});

describe('BreathePage: the budget and the choice', () => {
  it('shows one dot per session in the budget, filled for each used today', async () => {
    setup({ sites: [site({ dailyBudget: 4, todaysSessions: [usedSession(1)] })] });
    await breatheThrough();

    const dots = await settle(() => screen.queryByRole('img', { name: '1 of 4 sessions used today' }));
    const states = [...dots.children].map((dot) => dot.getAttribute('data-used'));
    expect(states).toEqual(['true', 'false', 'false', 'false']);
    expect(screen.getByText('3 of 4 sessions left today')).toBeInTheDocument();
  });

  it('with no sessions left says so and offers only nevermind', async () => {
    setup({
      sites: [site({ dailyBudget: 2, todaysSessions: [usedSession(1), usedSession(2)] })],
    });
    await breatheThrough();

    expect(await findHeading('No sessions left for www.youtube.com today')).toBeInTheDocument();
    expect(
      screen.getByText("You've used all 2 of today's sessions. They start again tomorrow."),
    ).toBeVisible();
    expect(screen.getByRole('img', { name: '2 of 2 sessions used today' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nevermind' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use site' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /minutes/ })).not.toBeInTheDocument();
  });

  it('nevermind closes the tab after 1.35 s', async () => {
    const { tab } = setup();
    await breatheThrough();
    tab.isClosed.mockReturnValue(true);

    click(await findButton('Nevermind'));
    expect(screen.getByRole('status')).toHaveTextContent('Closing this tab');
    await advance(1_200);
    expect(tab.close).not.toHaveBeenCalled();

    await advance(200);
    expect(tab.close).toHaveBeenCalledTimes(1);
    await advance(1_000);
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument();
  });

  it('when the browser keeps the tab open, says so and links to the dashboard', async () => {
    const { router } = setup();
    await breatheThrough();

    click(await findButton('Nevermind'));
    await advance(2_000);

    expect(screen.getByText(/Your browser kept this tab open/)).toBeVisible();
    click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    await settle(() => router.state.location.pathname === '/');
  });
});

describe('BreathePage: starting a session', () => {
  it('use site offers 5, 10, 20 and 30 minutes, then starts the session and returns to the site', async () => {
    const { server, extensionMessages, tab } = setup();
    await breatheThrough();

    click(await findButton('Use site'));
    const group = screen.getByRole('group', { name: 'How long do you need?' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['5 minutes', '10 minutes', '20 minutes', '30 minutes']);
    expect(within(group).getByRole('button', { name: '5 minutes' })).toHaveFocus();

    const before = Math.floor(Date.now() / 1000);
    click(within(group).getByRole('button', { name: '10 minutes' }));

    await settle(() => tab.leaveTo.mock.calls.length > 0);
    expect(tab.leaveTo).toHaveBeenCalledWith('https://www.youtube.com/watch?v=abc');
    const [request] = server.calls('POST /api/startBrowserSiteSession');
    const body = request?.body as BrowserSiteSession;
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body).toMatchObject({ siteId: SITE_ID, lengthInMilliseconds: 600_000 });
    expect(body.timeStarted).toBeGreaterThanOrEqual(before);
    expect(body.timeStarted).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(Number.isInteger(body.userDay)).toBe(true);
    expect(extensionMessages).toContainEqual({
      type: 'START_SESSION',
      siteId: SITE_ID,
      sessionId: body.id,
      numMs: 600_000,
      timeStarted: body.timeStarted,
    });
  });

  it('returns to the exact address a redirect rule wrote as the rest of the query', async () => {
    // The extension's rule appends the URL as it is: its '&', '+', '%' and fragment are its own.
    const url = 'https://www.youtube.com/results?search_query=calm+mind&sp=%41&siteId=x#t=1';
    const { tab, server } = setup({ query: `siteId=${SITE_ID}&returnUrl=${url}` });
    await breatheThrough();

    click(await findButton('Use site'));
    click(screen.getByRole('button', { name: '5 minutes' }));

    await settle(() => tab.leaveTo.mock.calls.length > 0);
    expect(tab.leaveTo).toHaveBeenCalledWith(url);
    expect(server.calls('POST /api/startBrowserSiteSession')[0]?.body).toMatchObject({ siteId: SITE_ID });
  });

  it('a new visit makes a new session id', async () => {
    const first = setup();
    await breatheThrough();
    click(await findButton('Use site'));
    click(screen.getByRole('button', { name: '5 minutes' }));
    await settle(() => first.tab.leaveTo.mock.calls.length > 0);
    first.unmount();
    first.tab.leaveTo.mockClear();

    const second = setup();
    await breatheThrough();
    click(await findButton('Use site'));
    click(screen.getByRole('button', { name: '5 minutes' }));
    await settle(() => second.tab.leaveTo.mock.calls.length > 0);

    const ids = [
      ...first.server.calls('POST /api/startBrowserSiteSession'),
      ...second.server.calls('POST /api/startBrowserSiteSession'),
    ].map((request) => (request.body as BrowserSiteSession).id);
    expect(new Set(ids).size).toBe(2);
  });

  it('still tells the extension and returns to the site when the server call fails, with the error toast', async () => {
    const { extensionMessages, tab } = setup({
      startSession: () => failure(500, 'Something went wrong on our side.'),
    });
    await breatheThrough();

    click(await findButton('Use site'));
    click(screen.getByRole('button', { name: '5 minutes' }));

    expect(await find(messages.defaultError)).toBeInTheDocument();
    await advance(2_000);
    await settle(() => tab.leaveTo.mock.calls.length > 0);
    expect(tab.leaveTo).toHaveBeenCalledWith('https://www.youtube.com/watch?v=abc');
    expect(extensionMessages).toContainEqual(
      expect.objectContaining({ type: 'START_SESSION', siteId: SITE_ID, numMs: 300_000 }),
    );
  });

  it('starts the session without the extension installed', async () => {
    const { tab, server } = setup();
    vi.stubGlobal('chrome', undefined);
    await breatheThrough();

    click(await findButton('Use site'));
    click(screen.getByRole('button', { name: '30 minutes' }));

    await settle(() => tab.leaveTo.mock.calls.length > 0);
    expect(server.calls('POST /api/startBrowserSiteSession')).toHaveLength(1);
    expect(screen.queryByText(messages.defaultError)).not.toBeInTheDocument();
  });

  it.each([['javascript:alert(1)'], ['data:text/html,hello'], ['/subscription'], ['//evil.example/'], ['']])(
    'goes to the dashboard instead of following returnUrl %j',
    async (returnUrl) => {
      const { tab, router } = setup({
        query: `siteId=${SITE_ID}&returnUrl=${encodeURIComponent(returnUrl)}`,
      });
      await breatheThrough();

      click(await findButton('Use site'));
      click(screen.getByRole('button', { name: '5 minutes' }));

      await settle(() => router.state.location.pathname === '/');
      expect(tab.leaveTo).not.toHaveBeenCalled();
    },
  );

  it('reloads the site list after a start, so the home page counts the new session', async () => {
    let used: BrowserSiteSession[] = [];
    const { server } = setup({ sites: () => ok([site({ todaysSessions: used })]) });
    server.route('POST /api/startBrowserSiteSession', ({ body }) => {
      used = [body as BrowserSiteSession];
      return ok(body);
    });
    await breatheThrough();
    const loadsBefore = server.calls('GET /api/getBrowserSitesWithActiveAndTodaysSessions').length;

    click(await findButton('Use site'));
    click(screen.getByRole('button', { name: '5 minutes' }));

    await settle(
      () => server.calls('GET /api/getBrowserSitesWithActiveAndTodaysSessions').length > loadsBefore,
    );
  });
});

describe('BreathePage: when there is no session to offer', () => {
  it('without a siteId explains it and links to the dashboard', async () => {
    const { server } = setup({ query: 'returnUrl=https%3A%2F%2Fwww.youtube.com%2F' });
    await breatheThrough();

    expect(screen.getByRole('heading', { name: 'No site to open from here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Use site' })).not.toBeInTheDocument();
    expect(server.calls('GET /api/getBrowserSitesWithActiveAndTodaysSessions')).toHaveLength(0);
  });

  it("with a siteId that is not one of the person's sites explains it and links to the dashboard", async () => {
    setup({ query: `siteId=${OTHER_SITE_ID}`, sites: [site()] });
    await breatheThrough();

    expect(await findHeading("We couldn't find this site")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Use site' })).not.toBeInTheDocument();
  });

  it('when the sites fail to load says so, offers Try again, and recovers', async () => {
    let fail = true;
    setup({
      sites: () => (fail ? failure(503, 'The service is busy. Try again in a moment.') : ok([site()])),
    });
    await breatheThrough();

    // Two retries (1 s, then 2 s apart) before the error shows.
    expect(
      await settle(() => screen.queryByRole('heading', { name: "We couldn't load your sites" }), 250),
    ).toBeInTheDocument();
    expect(screen.getByText('The service is busy. Try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/');

    fail = false;
    click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findButton('Use site')).toBeInTheDocument();
  });

  it('falls back to a bundled quote when the quotes cannot be loaded', async () => {
    const { server } = setup();
    server.route('GET /api/getQuotes', () => failure(500, 'nope'));
    await find('breathe in');
    await advance(8_500);

    const quote = screen.getByRole('figure');
    expect(within(quote).getByText(/^“.+”$/)).toBeInTheDocument();
    expect(quote.querySelector('figcaption')?.textContent).not.toBe('');
  });
});

describe('BreathePage: what the pause achieved', () => {
  const reported = (server: ReturnType<typeof setup>['server']) =>
    server
      .calls('POST /api/reportInterceptOutcomes')
      .flatMap((call) => (call.body as { outcomes: { interceptId: string; outcome: string }[] }).outcomes);

  it('reports the pause as shown, then nevermind under the same id', async () => {
    const { server } = setup();
    await breatheThrough();
    expect(reported(server)).toEqual([expect.objectContaining({ siteId: SITE_ID, outcome: 'shown' })]);

    click(await findButton('Nevermind'));

    const [shown, nevermind] = await settle(() => reported(server).length === 2 && reported(server));
    expect(nevermind).toMatchObject({ interceptId: shown?.interceptId, outcome: 'nevermind' });
  });

  it('reports the session and its length alongside starting it', async () => {
    const { server, tab } = setup();
    await breatheThrough();

    click(await findButton('Use site'));
    click(screen.getByRole('button', { name: '20 minutes' }));
    await settle(() => tab.leaveTo.mock.calls.length > 0);
    act(() => void window.dispatchEvent(new Event('pagehide')));

    const outcomes = await settle(() => reported(server).length === 2 && reported(server));
    expect(outcomes.map((report) => report.outcome)).toEqual(['shown', 'session']);
    expect(outcomes[1]).toMatchObject({ sessionLengthInMilliseconds: 1_200_000 });
    expect(server.calls('POST /api/startBrowserSiteSession')).toHaveLength(1);
  });

  it('goes on as usual when the report fails', async () => {
    const { server } = setup();
    server.route('POST /api/reportInterceptOutcomes', () =>
      failure(500, 'Something went wrong on our side.'),
    );
    await breatheThrough();

    click(await findButton('Nevermind'));

    expect(screen.getByRole('status')).toHaveTextContent('Closing this tab');
    await settle(() => reported(server).length === 2);
    expect(screen.queryByText(messages.defaultError)).not.toBeInTheDocument();
  });
});
