// @vitest-environment jsdom
import { readBreatheQuery } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import {
  type FirstScreenElements,
  handOffAddress,
  RETRY_MS,
  runFirstScreen,
  whenReachable,
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

describe('the hand-over when the web app cannot be reached', () => {
  type Reach = boolean | 'no answer' | 'answered later';

  /**
   * A browser whose belief (`onLine`, the `online` event) and whose real reach of the web app the
   * test sets apart, with timers that run when the test says.
   */
  function connection(onLine: boolean, reachable: Reach) {
    const window = Object.assign(new EventTarget(), { navigator: { onLine } });
    const timers: { ms: number; run: () => void }[] = [];
    const state = { reachable, asked: 0, givenUp: [] as AbortSignal[], answer: (_reached: boolean) => {} };
    return {
      window,
      state,
      reachable: (giveUp: AbortSignal) => {
        state.asked++;
        state.givenUp.push(giveUp);
        const reach = state.reachable;
        if (typeof reach === 'boolean') return Promise.resolve(reach);
        // An answer that comes when the test gives it, or never.
        return new Promise<boolean>((resolve) => {
          if (reach === 'answered later') state.answer = resolve;
        });
      },
      setTimeout: (run: () => void, ms: number) => {
        timers.push({ ms, run });
      },
      /** The retries waiting, leaving out each ask's own time limit. */
      retries: () => timers.filter((timer) => timer.ms === RETRY_MS).length,
      async runTimers() {
        for (const timer of timers.splice(0)) timer.run();
        await settled();
      },
      async reconnect() {
        window.navigator.onLine = true;
        window.dispatchEvent(new Event('online'));
        await settled();
      },
    };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** The first screen's hand-over started in such a browser, its notices hidden as the page has them. */
  async function handingOver(onLine: boolean, reachable: Reach) {
    const browser = connection(onLine, reachable);
    const notice = () => Object.assign(document.createElement('p'), { hidden: true });
    const notices = { offline: notice(), unreachable: notice() };
    const handOvers: string[] = [];
    whenReachable(browser, notices, () => handOvers.push('web app'), browser);
    await settled();
    const shown = () => Object.entries(notices).flatMap(([name, element]) => (element.hidden ? [] : [name]));
    return { browser, shown, handOvers };
  }

  it('asks the web app once and, when it answers, hands over at once, saying nothing', async () => {
    const { browser, shown, handOvers } = await handingOver(true, true);
    expect(handOvers).toEqual(['web app']);
    expect([shown(), browser.state.asked, browser.retries()]).toEqual([[], 1, 0]);
  });

  it('online but with the server down, stays and says so, then hands over once it answers', async () => {
    const { browser, shown, handOvers } = await handingOver(true, false);
    expect(handOvers).toEqual([]);
    expect(shown()).toEqual(['unreachable']);

    await browser.runTimers();
    expect([handOvers, browser.state.asked]).toEqual([[], 2]);
    browser.state.reachable = true;
    await browser.runTimers();
    expect(handOvers).toEqual(['web app']);
    expect(shown()).toEqual([]);
  });

  it('offline, stays and says so, then hands over once when the connection is back', async () => {
    const { browser, shown, handOvers } = await handingOver(false, false);
    expect(handOvers).toEqual([]);
    expect(shown()).toEqual(['offline']);

    browser.state.reachable = true;
    await browser.reconnect();
    expect(handOvers).toEqual(['web app']);
    expect(shown()).toEqual([]);
    // A second 'online' (the connection dropping and coming back again) does not hand over twice,
    // nor does a retry still pending.
    await browser.reconnect();
    await browser.runTimers();
    expect(handOvers).toEqual(['web app']);
  });

  it('back online but the web app not answering yet, says the server cannot be reached and keeps asking', async () => {
    const { browser, shown, handOvers } = await handingOver(false, false);
    await browser.reconnect();
    expect([handOvers, shown()]).toEqual([[], ['unreachable']]);
    // The online event's ask and the pending retry share one timer, not one chain each.
    expect(browser.retries()).toBe(1);
    browser.state.reachable = true;
    await browser.runTimers();
    expect(handOvers).toEqual(['web app']);
  });

  it('believed offline but reaching the web app, hands over without showing a notice', async () => {
    const { shown, handOvers } = await handingOver(false, true);
    expect(handOvers).toEqual(['web app']);
    expect(shown()).toEqual([]);
  });

  it('counts an ask unanswered for ASK_TIMEOUT_MS as no answer, drops it, and asks again', async () => {
    const { browser, shown, handOvers } = await handingOver(true, 'no answer');
    expect(shown()).toEqual([]);
    await browser.runTimers();
    expect([handOvers, shown()]).toEqual([[], ['unreachable']]);
    expect(browser.state.givenUp[0]?.aborted).toBe(true);

    browser.state.reachable = true;
    await browser.runTimers();
    expect(handOvers).toEqual(['web app']);
    expect(browser.state.asked).toBe(2);
  });

  it('back online while an ask begun offline is still out, asks again as soon as that one fails', async () => {
    const { browser, handOvers } = await handingOver(false, 'answered later');
    await browser.reconnect();
    expect(browser.state.asked).toBe(1);

    browser.state.reachable = true;
    browser.state.answer(false);
    await settled();
    expect([handOvers, browser.state.asked]).toEqual([['web app'], 2]);
  });
});
