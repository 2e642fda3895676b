import type { APIRequestContext } from '@playwright/test';
import { SESSION_TOKEN_KEY, TEST_PHONE } from '../fixtures/auth';
import { expect, test } from '../fixtures/test';

// The first screens drawn at build time (decision 022): shown before any of the app's code has
// run, inert until the app draws over them, and never shown to a visitor whose stored state may
// make their first screen another one.

test.use({ viewport: { width: 375, height: 812 } });

const landing = 'Take back your attention, one breath at a time';

test('a first screen shows without the app, is inert, and is dropped for a visitor with a kept place', async ({
  page,
}) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/getting-started');
  // Drawn, not yet working: inert, so nothing in it takes a tap or focus.
  await expect(page.locator('#root > [inert] h1')).toHaveText(landing);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  // A screen reader, which skips the inert drawing, hears that the page is loading; should the
  // app never arrive, everyone is told after 8 s what to do (its delay is read, not waited for).
  const notice = page.getByRole('status');
  await expect(notice).toContainText('Loading Stillpoint…');
  const slow = notice.getByText('taking longer than usual to load');
  await expect(slow).toBeHidden();
  expect(await slow.evaluate((element) => getComputedStyle(element).animationDelay)).toBe('8s');
  await page.addStyleTag({ content: ':root { --first-screen-notice-delay: 0s }' });
  await expect(slow).toBeVisible();
  await expect(notice.getByRole('link', { name: 'reload the page' })).toBeVisible();

  await page.evaluate(() => sessionStorage.setItem('stillpoint.funnelPlace', '{"step":"AGE"}'));
  await page.reload();
  await expect(page.locator('#root')).toBeEmpty();

  // With its code, the app takes over the same screen and it works.
  await page.unroute('**/assets/*.js');
  await page.evaluate(() => sessionStorage.clear());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/getting-started');
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  // Taken over: the loading notice has gone with the wait.
  await expect(page.locator('[data-first-screen-notice]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'What brings you to Stillpoint?' })).toBeVisible();
  // The guard ran under the page's Content-Security-Policy: no violation was reported.
  expect(errors).toEqual([]);
});

test('a returning quiz visitor never sees the first screen meant for a new one', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/quiz-results');
  await expect(page.locator('#root > [inert]')).toContainText('Your plan starts with a short quiz');
  await page.evaluate(() => localStorage.setItem('stillpoint.quizAnswers', '{}'));
  await page.reload();
  await expect(page.locator('#root')).toBeEmpty();
});

// Every public page drawn at build time, with the heading its drawing shows before any script.
const drawnPages: [path: string, heading: string][] = [
  ['/signin', 'Sign in or create account'],
  ['/gift', 'Give the gift of Stillpoint'],
  ['/redeem', 'Redeem your gift'],
  ['/checkout', 'Start 7-day free trial'],
  ['/webcheckout', 'Please sign in to continue checkout'],
  ['/twopercent', '2% screen time challenge'],
  ['/mobileDownload', 'Download Stillpoint on mobile'],
  ['/android', 'Stillpoint for Android'],
  ['/referral-link', "You've been invited to Stillpoint"],
  ['/uninstall-chrome-extension', 'Sorry to see you go'],
];

test('every public page drawn at build time shows its first screen without the app, inert', async ({
  page,
}) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  for (const [path, heading] of drawnPages) {
    await page.goto(path);
    await expect(page.locator('#root > [inert] h1'), path).toHaveText(heading);
  }
  // The referral landing is drawn naming who shared the link, as the app would name them.
  await page.goto(`/referral-link?sharedByName=${encodeURIComponent('Sam <3')}`);
  await expect(page.locator('#root > [inert] h1')).toHaveText('Sam <3 invited you to Stillpoint');
  // A query that changes the screen (a sign-in's error to show): sent without the drawing.
  await page.goto('/checkout?error=expired');
  await expect(page.locator('#root')).toBeEmpty();
  // A Google or Apple sign-in coming back by redirect may bring a session: no drawing for it.
  await page.evaluate(() => sessionStorage.setItem('stillpoint.oauthReturn', '1'));
  await page.goto('/signin');
  await expect(page.locator('#root')).toBeEmpty();
  await page.evaluate(() => sessionStorage.clear());
  // Someone signed in may be sent on from /signin: the drawing is dropped for them.
  await page.evaluate(() => localStorage.setItem('stillpoint.sessionToken', 'token'));
  await page.goto('/signin');
  await expect(page.locator('#root')).toBeEmpty();
});

/** Sums the layout shifts of the page so far (CLS without the session windows: any shift counts). */
const layoutShift = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );

test('the app takes over the drawn public pages without moving anything', async ({ page }) => {
  // /checkout still moves when its price arrives on a 375 px phone (the price line wraps where its
  // loading line does not); left out until that is fixed (docs/decisions/028).
  for (const [path, heading] of drawnPages.filter(([path]) => path !== '/checkout')) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    // The drawing is gone: the app's own screen is there, and it responds.
    await expect(page.locator('#root > [inert]'), path).toHaveCount(0);
    expect(await layoutShift(page), path).toBe(0);
  }
});

test('a drawn sign-in panel is taken over in place, never replaced by its spinner', async ({ page }) => {
  // Every element the drawing held under the panel is counted as it leaves the page.
  await page.addInitScript(() => {
    const removed = { panel: 0 };
    (window as unknown as { drawnPanelRemoved: typeof removed }).drawnPanelRemoved = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (
            node instanceof Element &&
            (node.matches('[data-sign-in-panel]') || node.querySelector('[data-sign-in-panel]'))
          )
            removed.panel++;
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/signin', '/webcheckout']) {
    const authConfig = page.waitForResponse((res) => res.url().endsWith('/api/getAuthConfig'));
    const sent = await page.goto(path);
    expect(await sent?.text(), `${path} is sent drawn with the panel`).toContain('data-sign-in-panel');
    await expect(page.locator('#root > [inert]'), path).toHaveCount(0);
    // The panel's own data has come and been drawn: the update that used to replace it.
    await authConfig;
    await expect(page.getByRole('button', { name: 'Continue with Google' }), path).toBeEnabled();
    expect(
      await page.evaluate(
        () => (window as unknown as { drawnPanelRemoved: { panel: number } }).drawnPanelRemoved.panel,
      ),
      path,
    ).toBe(0);
  }
});

/** The test person's session token, signed in through the API as the phone sign-in does. */
async function testPersonToken(request: APIRequestContext): Promise<string> {
  const sent = await request.post('/api/auth/phone-number/send-otp', {
    data: { phoneNumber: TEST_PHONE.e164 },
  });
  expect(sent.status()).toBe(200);
  const verified = await request.post('/api/auth/phone-number/verify', {
    data: { phoneNumber: TEST_PHONE.e164, code: TEST_PHONE.code },
  });
  return verified.headers()['set-auth-token'] ?? ((await verified.json()) as { token: string }).token;
}

test('breathe is drawn for a signed-in person, naming the paused site, and the app takes over without a shift', async ({
  page,
  request,
}) => {
  const token = await testPersonToken(request);
  const breathe = '/breathe?returnUrl=https://www.youtube.com/watch?v=1&t=2';

  await page.route('**/assets/*.js', (route) => route.abort());
  // Nobody signed in: no drawing (the app sends them to sign in).
  await page.goto(breathe);
  await expect(page.locator('#root')).toBeEmpty();
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_TOKEN_KEY,
    token,
  ] as const);
  await page.goto(breathe);
  const drawing = page.locator('#root > [inert]');
  await expect(drawing).toContainText('A moment before www.youtube.com');
  await expect(drawing).toContainText('breathe in');

  await page.unroute('**/assets/*.js');
  await page.goto(breathe);
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  await expect(page.getByText('A moment before www.youtube.com')).toBeVisible();
  // The countdown runs: the app's own page, not the drawing.
  await expect(page.getByTestId('seconds-left')).not.toHaveText('11');
  // Nothing moved when the app took over (the score Lighthouse shows, to three places, is 0).
  expect(await layoutShift(page)).toBeLessThan(0.001);
  // The session check confirmed the person: the signed-in header.
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
});

test('breathe, drawn for a pause the extension’s first screen began, carries its circle on from there', async ({
  page,
  request,
}) => {
  const token = await testPersonToken(request);
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/breathe');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_TOKEN_KEY,
    token,
  ] as const);
  const circle = page.locator('.breathe-circle');
  /**
   * The circle's breathing-in animation as it is set, not a frame of it (a frame depends on when it
   * is read): the delay is how far along it starts, negative for a pause already under way.
   */
  const breathingIn = () =>
    circle.evaluate((element) =>
      element.getAnimations().map((animation) => ({
        name: (animation as CSSAnimation).animationName,
        // The style's calc(-1 * 0ms) gives -0 for a pause that begins now: the same as 0.
        delayMs: Number((animation.effect as KeyframeEffect).getTiming().delay) || 0,
      })),
    );
  const address = (breathingSince: string) =>
    `/breathe?siteId=s1${breathingSince}&returnUrl=https://www.youtube.com/watch?v=1&t=2`;

  await page.goto(address(`&breathingSince=${Date.now() - 2000}`));
  await expect(page.locator('#root > [inert]')).toContainText('breathe in');
  // Two seconds in, halfway through breathing in: it starts at least 2 s along, not back at the start.
  const carriedOn = await breathingIn();
  expect(carriedOn).toEqual([{ name: 'breathe-grow', delayMs: expect.any(Number) }]);
  expect(carriedOn[0]?.delayMs).toBeLessThanOrEqual(-2000);

  // A pause that begins here starts small: breathing in from its first frame.
  await page.goto(address(''));
  expect(await breathingIn()).toEqual([{ name: 'breathe-grow', delayMs: 0 }]);

  // The app takes the drawn circle over as it is, breathing on from the server's setting: no
  // delay of its own, which would move it, and no new start, which would shrink it again. One
  // second in leaves three of breathing in for the app to take over.
  // The page's clock stands still from here, so a busy machine that loads the app slowly cannot
  // carry the pause on into breathing out before it is read: only a restart changes what is set.
  const arrivedAt = Date.now();
  await page.clock.setFixedTime(arrivedAt);
  await page.unroute('**/assets/*.js');
  await page.goto(address(`&breathingSince=${arrivedAt - 1000}`));
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  // The app's countdown carried on from the pause's start: one second gone of eleven.
  await expect(page.getByTestId('seconds-left')).toHaveText('10');
  await expect(circle).not.toHaveAttribute('style', /animation-delay/);
  const takenOver = await breathingIn();
  expect(takenOver).toEqual([{ name: 'breathe-grow', delayMs: expect.any(Number) }]);
  expect(takenOver[0]?.delayMs).toBeLessThanOrEqual(-1000);
});

test('home is drawn for a stored session as its header over the loading page, and the app takes over without a shift', async ({
  page,
  request,
}) => {
  await request.post('/api/auth/phone-number/send-otp', { data: { phoneNumber: TEST_PHONE.e164 } });
  const verified = await request.post('/api/auth/phone-number/verify', {
    data: { phoneNumber: TEST_PHONE.e164, code: TEST_PHONE.code },
  });
  const token = verified.headers()['set-auth-token'] ?? ((await verified.json()) as { token: string }).token;

  await page.route('**/assets/*.js', (route) => route.abort());
  // Nobody signed in: no drawing (the app sends them to sign in).
  await page.goto('/');
  await expect(page.locator('#root')).toBeEmpty();
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_TOKEN_KEY,
    token,
  ] as const);
  await page.goto('/');
  const drawing = page.locator('#root > [inert]');
  await expect(drawing.getByRole('link', { name: 'Stillpoint home' })).toBeVisible();
  await expect(drawing.getByRole('status', { name: 'Loading your subscription' })).toBeAttached();

  await page.unroute('**/assets/*.js');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Your web settings' })).toBeVisible();
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  expect(await layoutShift(page)).toBeLessThan(0.001);
});
