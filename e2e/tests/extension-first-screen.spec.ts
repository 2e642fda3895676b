import { readBreatheQuery } from '@stillpoint/core';
import { EXTENSION_ID, expect, test } from '../fixtures/extension';
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
      let lastFrame: Buffer | null = null;
      tab.on('Page.screencastFrame', ({ data, sessionId }) => {
        lastFrame = Buffer.from(data, 'base64');
        void tab.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
      });
      await tab.send('Page.startScreencast', { format: 'png' });
      await page.evaluate((href) => {
        window.location.href = href;
      }, DESTINATION);
      const webAddress = await handingOver;
      await page.waitForTimeout(500);
      await tab.send('Page.stopScreencast');
      const extension = lastFrame as Buffer | null;
      if (!extension) throw new Error('the first screen drew no frame');
      handOver();
      await page.waitForURL((url) => url.pathname === '/breathe');
      expect(readBreatheQuery(new URL(webAddress))).toMatchObject({
        siteId: site.id,
        returnUrl: DESTINATION,
      });

      // The web app's page for the same address as the server draws it, before any code runs.
      const drawn = await context.newPage();
      await drawn.setViewportSize(viewport);
      await drawn.emulateMedia({ reducedMotion: 'reduce' });
      const noScripts = await context.newCDPSession(drawn);
      await noScripts.send('Emulation.setScriptExecutionDisabled', { value: true });
      await drawn.goto(`${world.server.baseURL}/breathe?siteId=${site.id}&returnUrl=${DESTINATION}`);
      await expect(drawn.getByText('A moment before www.distracting.test')).toBeVisible();
      await expect(drawn.getByText('breathe in')).toBeVisible();
      const web = await drawn.screenshot();
      // The seconds tick on between the two pictures: their place is left out of the comparison.
      const seconds = await drawn.getByTestId('seconds-left').boundingBox();

      const compare = await context.newPage();
      const ignore = seconds ? [seconds] : [];
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
});
