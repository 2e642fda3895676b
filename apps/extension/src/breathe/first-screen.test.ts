// @vitest-environment jsdom
import { readBreatheQuery } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import {
  type FirstScreenElements,
  handOffAddress,
  runFirstScreen,
  whenOnline,
  whenVisible,
} from './first-screen';

const WEB_APP = 'http://localhost:3000';
const STARTED = Date.UTC(2026, 0, 15, 12);

function screen(): FirstScreenElements {
  const make = () => document.createElement('p');
  return { destination: make(), circle: document.createElement('div'), phase: make(), secondsLeft: make() };
}

/** A manual clock: timers run when time is advanced past them. */
function manualClock(start: number) {
  let now = start;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      timers.push({ at: now + ms, run });
    },
    advanceTo(time: number) {
      for (;;) {
        const due = timers.filter((timer) => timer.at <= time).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.run();
      }
      now = time;
    },
  };
}

const at = (search: string, hash = '') => ({ search, hash });

describe("breathe's first screen", () => {
  it('names the destination and counts down through the same phases as the web app', () => {
    const elements = screen();
    const clock = manualClock(STARTED);
    runFirstScreen(
      elements,
      at('?siteId=s1&returnUrl=https://www.youtube.com/watch?v=1&t=2'),
      STARTED,
      clock,
    );
    expect(elements.destination.textContent).toBe('A moment before www.youtube.com');
    expect([elements.phase.textContent, elements.secondsLeft.textContent]).toEqual(['breathe in', '11']);
    expect(elements.circle.dataset.breath).toBe('in');

    clock.advanceTo(STARTED + 999);
    expect(elements.secondsLeft.textContent).toBe('11');
    clock.advanceTo(STARTED + 1000);
    expect(elements.secondsLeft.textContent).toBe('10');
    clock.advanceTo(STARTED + 4000);
    expect([elements.phase.textContent, elements.circle.dataset.breath]).toEqual(['breathe out', 'out']);
    clock.advanceTo(STARTED + 8000);
    expect([elements.phase.textContent, elements.secondsLeft.textContent]).toEqual(['', '3']);
    expect(elements.circle.dataset.breath).toBe('rest');
    clock.advanceTo(STARTED + 60_000);
    expect(elements.secondsLeft.textContent).toBe('');
  });

  it('says only that it is a moment to breathe without an address to name', () => {
    const elements = screen();
    runFirstScreen(elements, at('?siteId=s1'), STARTED, manualClock(STARTED));
    expect(elements.destination.textContent).toBe('A moment to breathe');
  });

  it('stops counting once stopped (the page is leaving)', () => {
    const elements = screen();
    const clock = manualClock(STARTED);
    const stop = runFirstScreen(elements, at('?siteId=s1'), STARTED, clock);
    stop();
    clock.advanceTo(STARTED + 3000);
    expect(elements.secondsLeft.textContent).toBe('11');
  });
});

describe('the hand-over to the web app', () => {
  it('carries the site, the exact address with its fragment, and when the breathing began', () => {
    const url = 'https://m.youtube.com/watch?v=a&t=1m+2s&q=%26%3D';
    const address = handOffAddress(WEB_APP, at(`?siteId=s1&returnUrl=${url}`, '#t=2&x=%41'), STARTED);
    expect(address).toBe(`${WEB_APP}/breathe?siteId=s1&breathingSince=${STARTED}&returnUrl=${url}#t=2&x=%41`);
    expect(readBreatheQuery(new URL(address))).toEqual({
      siteId: 's1',
      returnUrl: `${url}#t=2&x=%41`,
      breathingSince: STARTED,
    });
  });

  it('passes an incomplete address on as it is, for the web app to explain', () => {
    expect(handOffAddress(WEB_APP, at('?siteId=s1'), STARTED)).toBe(`${WEB_APP}/breathe?siteId=s1`);
    expect(handOffAddress(WEB_APP, at(''), STARTED)).toBe(`${WEB_APP}/breathe`);
  });
});

describe('the start of the pause', () => {
  const setVisibility = (state: DocumentVisibilityState) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('begins at once in a tab on screen', () => {
    setVisibility('visible');
    let begun = 0;
    whenVisible(document, () => begun++);
    expect(begun).toBe(1);
  });

  it('waits, in a background tab, until the tab is shown, and begins once', () => {
    setVisibility('hidden');
    let begun = 0;
    whenVisible(document, () => begun++);
    expect(begun).toBe(0);
    setVisibility('hidden');
    expect(begun).toBe(0);
    setVisibility('visible');
    setVisibility('hidden');
    setVisibility('visible');
    expect(begun).toBe(1);
  });
});

describe('the hand-over without a connection', () => {
  /**
   * A browser whose belief (`onLine`, the `online` event) and whose real reach of the web app the
   * test sets apart, with timers that run when the test says.
   */
  function connection(onLine: boolean, reachable = false) {
    const window = Object.assign(new EventTarget(), { navigator: { onLine } });
    const timers: (() => void)[] = [];
    const state = { reachable, asked: 0 };
    return {
      window,
      state,
      reachable: async () => {
        state.asked++;
        return state.reachable;
      },
      setTimeout: (callback: () => void) => {
        timers.push(callback);
      },
      async runTimers() {
        for (const timer of timers.splice(0)) timer();
        await settled();
      },
      reconnect() {
        window.navigator.onLine = true;
        window.dispatchEvent(new Event('online'));
      },
    };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** The first screen's hand-over started in such a browser, its notice hidden as the page has it. */
  function handingOver(onLine: boolean, reachable = false) {
    const browser = connection(onLine, reachable);
    const offline = document.createElement('p');
    offline.hidden = true;
    const handOvers: string[] = [];
    whenOnline(browser, offline, () => handOvers.push('web app'), browser);
    return { browser, offline, handOvers };
  }

  it('hands over at once when online, asking nothing and saying nothing', () => {
    const { browser, offline, handOvers } = handingOver(true);
    expect(handOvers).toEqual(['web app']);
    expect([offline.hidden, browser.state.asked]).toEqual([true, 0]);
  });

  it('offline, stays and says so, then hands over once when the connection is back', async () => {
    const { browser, offline, handOvers } = handingOver(false);
    await settled();
    expect(handOvers).toEqual([]);
    expect(offline.hidden).toBe(false);

    browser.reconnect();
    expect(handOvers).toEqual(['web app']);
    expect(offline.hidden).toBe(true);
    // A second 'online' (the connection dropping and coming back again) does not hand over twice,
    // nor does a retry still pending.
    browser.reconnect();
    browser.state.reachable = true;
    await browser.runTimers();
    expect(handOvers).toEqual(['web app']);
  });

  it('believed offline but reaching the web app, hands over without showing the notice', async () => {
    const { offline, handOvers } = handingOver(false, true);
    await settled();
    expect(handOvers).toEqual(['web app']);
    expect(offline.hidden).toBe(true);
  });

  it('offline with no online event, hands over when a later ask reaches the web app', async () => {
    const { browser, offline, handOvers } = handingOver(false);
    await settled();
    await browser.runTimers();
    expect([handOvers, browser.state.asked]).toEqual([[], 2]);

    browser.state.reachable = true;
    await browser.runTimers();
    expect(handOvers).toEqual(['web app']);
    expect(offline.hidden).toBe(true);
  });
});
