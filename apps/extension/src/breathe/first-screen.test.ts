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
  /** A window whose connection the test switches, as the browser's `online` event reports it. */
  function connection(onLine: boolean) {
    const events = new EventTarget();
    return Object.assign(events, {
      navigator: { onLine },
      reconnect() {
        this.navigator.onLine = true;
        events.dispatchEvent(new Event('online'));
      },
    });
  }

  function notice(): HTMLElement {
    const element = document.createElement('p');
    element.hidden = true;
    return element;
  }

  it('hands over at once when online, saying nothing', () => {
    const offline = notice();
    const handOvers: string[] = [];
    whenOnline(connection(true), offline, () => handOvers.push('web app'));
    expect(handOvers).toEqual(['web app']);
    expect(offline.hidden).toBe(true);
  });

  it('offline, stays and says so, then hands over once when the connection is back', () => {
    const window = connection(false);
    const offline = notice();
    const handOvers: string[] = [];
    whenOnline(window, offline, () => handOvers.push('web app'));
    expect(handOvers).toEqual([]);
    expect(offline.hidden).toBe(false);

    window.reconnect();
    expect(handOvers).toEqual(['web app']);
    expect(offline.hidden).toBe(true);
    // A second 'online' (the connection dropping and coming back again) does not hand over twice.
    window.reconnect();
    expect(handOvers).toEqual(['web app']);
  });
});
