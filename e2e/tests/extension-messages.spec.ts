import { signInWithTestPhone, TEST_PHONE } from '../fixtures/auth';
import { accessibilityViolations } from '../fixtures/axe';
import { EXTENSION_ID, expect, test } from '../fixtures/extension';
import { UNRELATED_HOST } from '../fixtures/fixture-sites';

test.describe('the extension and the web app', () => {
  test('PULSE_CHECK from the web app answers with the version and signed-out state', async ({
    page,
    world,
  }) => {
    await world.openWebApp(page);
    expect(await world.message(page, { type: 'PULSE_CHECK' })).toEqual({
      status: 'success',
      version: '0.1.0',
      signedIn: false,
      userId: null,
    });
    expect(await world.message(page, { type: 'NOT_A_MESSAGE' })).toEqual({
      status: 'error',
      error: 'Unknown message type "NOT_A_MESSAGE".',
    });
  });

  test('signing in on the web app hands the extension its own session', async ({ page, world }) => {
    await signInWithTestPhone(page);
    const token = await page.evaluate(() => localStorage.getItem('stillpoint.sessionToken'));
    const me = await world.api.get('/api/getUser', { headers: { Authorization: `Bearer ${token}` } });
    const { uid, phoneNumber } = ((await me.json()) as { data: { uid: string; phoneNumber: string } }).data;
    expect(phoneNumber).toBe(TEST_PHONE.e164);

    await expect
      .poll(() => world.message(page, { type: 'PULSE_CHECK' }), { timeout: 10_000 })
      .toMatchObject({ status: 'success', signedIn: true, userId: uid });
  });

  test('other sites cannot message the extension', async ({ page, world }) => {
    await page.goto(`https://${UNRELATED_HOST}/`);
    await expect(page.locator('#fixture-site')).toBeVisible();
    const runtime = await page.evaluate(
      (id) =>
        typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime
          ?.sendMessage + id.slice(0, 0),
      EXTENSION_ID,
    );
    expect(runtime).toBe('undefined');
    expect(world.sites.hitsOn(UNRELATED_HOST)).toBeGreaterThan(0);
  });

  test('the popup shows the signed-out state, then today’s sites with uses left', async ({
    context,
    page,
    world,
  }) => {
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    await expect(popup.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /\/signin$/);
    expect(await accessibilityViolations(popup)).toEqual([]);

    const person = await world.newPerson();
    await world.addSite(person, 'www.distracting.test', 2);
    await world.openWebApp(page);
    await world.link(page, person);

    await popup.reload();
    await expect(popup.getByText('Signed in')).toBeVisible();
    await expect(popup.getByRole('list', { name: "Today's sites" }).getByRole('listitem')).toHaveText([
      /www\.distracting\.test\s*2 of 2 uses left today/,
    ]);
    await expect(popup.getByRole('link', { name: 'Open dashboard' })).toHaveAttribute(
      'href',
      `${world.server.baseURL}/`,
    );
    expect(await accessibilityViolations(popup)).toEqual([]);
  });
});
