import type { Page, Request } from '@playwright/test';
import { readBreatheQuery } from '@stillpoint/core';
import { SESSION_TOKEN_KEY } from '../fixtures/auth';
import { EXTENSION_ID, type ExtensionWorld, expect, test } from '../fixtures/extension';
import { UNRELATED_HOST } from '../fixtures/fixture-sites';
import { pixelDifference } from '../fixtures/screenshots';

/** Breathe's first screen, the extension page every redirect rule lands on (decision 035). */
const FIRST_SCREEN = `chrome-extension://${EXTENSION_ID}/breathe.html`;
const DESTINATION = 'https://www.distracting.test/watch?v=1&t=2';

test.describe("breathe's first screen in the extension", () => {
  test('no site can reach it by the extension’s id, so none can tell Stillpoint is installed', async ({
    page,
  }) => {
    await page.goto(`https://${UNRELATED_HOST}/`);
    const reached = await page.evaluate(async (address) => {
      try {
        await fetch(address);
        return true;
      } catch {
        return false;
      }
    }, FIRST_SCREEN);
    // Web-accessible without use_dynamic_url, this fetch succeeds (200).
    expect(reached).toBe(false);
  });

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`looks exactly like the web app's drawn breathe page (${viewport.width}px)`, async ({
      context,
      page,
      world,
    }) => {
      const { site } = await world.personWithSite(page, 'https://distracting.test');
      await page.setViewportSize(viewport);
      // Still: without motion the circle keeps one size, so two moments of it compare equal.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`https://${UNRELATED_HOST}/`);
      const before = await page.screenshot();

      // The web app's page for the same address as the server draws it, before any code runs.
      const drawn = await context.newPage();
      await drawn.setViewportSize(viewport);
      await drawn.emulateMedia({ reducedMotion: 'reduce' });
      // The app's code never arrives (its files are refused), as on a page whose code is on its way;
      // the drawing is for a signed-in person, so the page's guard keeps it with a session stored.
      await drawn.route('**/assets/*.js', (route) => route.abort());
      await drawn.addInitScript((key) => localStorage.setItem(key, 'a-stored-session'), SESSION_TOKEN_KEY);
      await drawn.goto(`${world.server.baseURL}/breathe?siteId=${site.id}&returnUrl=${DESTINATION}`);
      await expect(drawn.getByText('A moment before www.distracting.test')).toBeVisible();
      await expect(drawn.getByText('breathe in')).toBeVisible();
      const web = await drawn.screenshot();
      // The seconds tick on between the two pictures: their place is left out of the comparison.
      const seconds = await drawn.getByTestId('seconds-left').boundingBox();

      const compare = await context.newPage();
      const ignore = seconds ? [seconds] : [];

      // An intercepted visit, with the web app's page held back: what shows meanwhile is the
      // extension's first screen, seen through the tab's own frames (a page mid-navigation
      // answers no scripts).
      let handOver: () => void = () => undefined;
      const handingOver = new Promise<string>((resolve) => {
        void page.route(`${world.server.baseURL}/breathe?**`, async (route) => {
          resolve(route.request().url());
          await new Promise<void>((release) => {
            handOver = release;
          });
          await route.continue();
        });
      });
      const tab = await context.newCDPSession(page);
      const frames: Buffer[] = [];
      tab.on('Page.screencastFrame', ({ data, sessionId }) => {
        frames.push(Buffer.from(data, 'base64'));
        void tab.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
      });
      await tab.send('Page.startScreencast', { format: 'png' });
      await page.evaluate((href) => {
        window.location.href = href;
      }, DESTINATION);
      const webAddress = await handingOver;
      // Until a frame shows the whole drawn page, destination line included: the first screen's
      // script may fill that line in a frame or two after its first paint, and the screencast sends
      // no frame while one is unacknowledged, so that frame can come only with the next change.
      await expect
        .poll(
          async () => {
            const newest = frames.at(-1);
            return newest ? pixelDifference(compare, newest, web, { ignore }) : 1;
          },
          { timeout: 10_000 },
        )
        .toBeLessThan(0.002);
      await tab.send('Page.stopScreencast');
      handOver();
      await page.waitForURL((url) => url.pathname === '/breathe');
      expect(readBreatheQuery(new URL(webAddress))).toMatchObject({
        siteId: site.id,
        returnUrl: DESTINATION,
      });

      // Every frame since the page left the other site is the web app's drawn page, but for the
      // destination line, which the first screen's script may fill in a frame or two after its
      // first paint; the last frame before the hand-over is the whole drawn page.
      const destination = await drawn.getByText('A moment before www.distracting.test').boundingBox();
      const shown: Buffer[] = [];
      for (const frame of frames) {
        if (shown.length > 0 || (await pixelDifference(compare, frame, before)) > 0.05) shown.push(frame);
      }
      expect(shown.length).toBeGreaterThan(0);
      for (const frame of shown) {
        const outsideDestination = { ignore: destination ? [...ignore, destination] : ignore };
        expect(await pixelDifference(compare, frame, web, outsideDestination)).toBeLessThan(0.002);
      }
      const extension = shown.at(-1) as Buffer;
      expect(await pixelDifference(compare, extension, web, { ignore })).toBeLessThan(0.002);
      // The comparison sees a difference where there is one: another destination's name.
      await drawn.goto(
        `${world.server.baseURL}/breathe?siteId=${site.id}&returnUrl=https://m.distracting.test/`,
      );
      await expect(drawn.getByText('A moment before m.distracting.test')).toBeVisible();
      expect(await pixelDifference(compare, extension, await drawn.screenshot(), { ignore })).toBeGreaterThan(
        0,
      );
    });
  }

  /**
   * Whether the first screen asks the web app again within its RETRY_MS (5 s) and hears an answer
   * or a failure: false if it asks nothing.
   */
  async function nextAsk(page: Page, webApp: string): Promise<boolean> {
    const toWebApp = { predicate: (request: Request) => request.url().startsWith(webApp), timeout: 10_000 };
    const heard = (event: Promise<Request>) =>
      event.then(
        () => true,
        () => false,
      );
    return Promise.race([
      heard(page.waitForEvent('requestfailed', toWebApp)),
      heard(page.waitForEvent('requestfinished', toWebApp)),
    ]);
  }

  /**
   * A person with a site arrives at the first screen after `cutOff` has taken the web app out of
   * reach; the screen must stay, with the pause and `notice`, where Chrome's error page would
   * otherwise be. `reconnect` brings the web app back, and the hand-over must then follow within
   * the 5 s between asks, carrying the site and the exact address.
   */
  async function staysUntilReachable(
    { page, world }: { page: Page; world: ExtensionWorld },
    notice: string,
    { cutOff, reconnect }: { cutOff: () => Promise<unknown>; reconnect: () => Promise<unknown> },
  ) {
    const { site } = await world.personWithSite(page, 'https://distracting.test');
    await page.goto(`https://${UNRELATED_HOST}/`);
    await cutOff();
    await page.goto(`${FIRST_SCREEN}?siteId=${site.id}&returnUrl=${DESTINATION}`);
    await expect(page.getByText(notice)).toBeVisible();
    await expect(page.getByText('A moment before www.distracting.test')).toBeVisible();
    // Still the pause, not Chrome's error page, after the next ask of the web app has failed.
    expect(await nextAsk(page, world.server.baseURL)).toBe(true);
    expect(new URL(page.url()).protocol).toBe('chrome-extension:');

    await reconnect();
    await page.waitForURL((url) => url.pathname === '/breathe', { timeout: 10_000 });
    expect(readBreatheQuery(new URL(page.url()))).toMatchObject({ siteId: site.id, returnUrl: DESTINATION });
  }

  test('offline, it keeps the pause on screen and says why, then hands over when the connection is back', async ({
    context,
    page,
    world,
  }) => {
    await staysUntilReachable(
      { page, world },
      'You’re offline. Stillpoint carries on as soon as you’re back online.',
      { cutOff: () => context.setOffline(true), reconnect: () => context.setOffline(false) },
    );
  });

  test('with the server down behind its proxy, it keeps the pause and says so, then hands over once it answers', async ({
    context,
    page,
    world,
  }) => {
    // The browser is online; every request to the web app gets a proxy's 502, as when its server
    // is stopped behind a load balancer.
    const webApp = new URL(world.server.baseURL).origin;
    const down = (url: URL) => url.origin === webApp;
    await staysUntilReachable(
      { page, world },
      'Stillpoint can’t be reached right now. It carries on as soon as it answers.',
      {
        cutOff: () => context.route(down, (route) => route.fulfill({ status: 502, body: 'Bad gateway' })),
        reconnect: () => context.unroute(down),
      },
    );
  });
});
