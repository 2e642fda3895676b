import { codeFromOutbox, sessionTokenOf, signInWithPhone, signInWithTestPhone } from '../fixtures/auth';
import { expect, test } from '../fixtures/test';

test.describe('home: sites we feedblock', () => {
  test('a new account is offered Finish setup, which goes to onboarding', async ({ page, request }) => {
    // Its own number, so the account is new whatever else this worker's tests have set up.
    const phoneNumber = '+14155550177';
    await page.goto('/signin');
    await signInWithPhone(page, '4155550177', () => codeFromOutbox(request, phoneNumber));
    await expect(page).toHaveURL((url) => url.pathname === '/onboarding');

    await page.goto('/');
    const section = page.getByRole('region', { name: "Sites we'll feedblock" });
    await expect(section.getByRole('link', { name: 'Finish setup' })).toBeVisible();
    await expect(section.getByRole('switch')).toHaveCount(0);

    await section.getByRole('link', { name: 'Finish setup' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
  });

  test('a feedblock switch keeps its new state after a reload', async ({ page, request }) => {
    await signInWithTestPhone(page);
    // Setup (onboarding's job) saves the switches once; every feed starts blocked.
    const token = await sessionTokenOf(page);
    const setup = await request.post('/api/updateBrowserSiteSettings', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        facebookFeedblocking: true,
        youtubeFeedblocking: true,
        twitterFeedblocking: true,
        linkedinFeedblocking: true,
        instagramFeedblocking: true,
        redditFeedblocking: true,
      },
    });
    expect(setup.status()).toBe(200);

    await page.goto('/');
    const section = page.getByRole('region', { name: "Sites we'll feedblock" });
    const youtube = section.getByRole('switch', { name: 'Feedblock YouTube' });
    await expect(youtube).toBeChecked();
    await expect(section.getByRole('switch')).toHaveCount(6);

    const saved = () =>
      page.waitForResponse(
        (response) => response.url().endsWith('/api/updateBrowserSiteSettings') && response.ok(),
      );
    const offSaved = saved();
    await youtube.click();
    await expect(youtube).not.toBeChecked();
    await offSaved;

    await page.reload();
    await expect(youtube).not.toBeChecked();
    await expect(section.getByRole('switch', { name: 'Feedblock Twitter / X' })).toBeChecked();

    // And back on.
    const onSaved = saved();
    await youtube.click();
    await expect(youtube).toBeChecked();
    await onSaved;
    await page.reload();
    await expect(youtube).toBeChecked();
  });
});
