import { expect, test, WELCOME_ADDRESS } from '../fixtures/extension';

// The fixture loads the unpacked build into a fresh profile, which Chrome treats as a new install.
test('a new install opens the web app’s onboarding, once', async ({ context, welcomePages }) => {
  expect(WELCOME_ADDRESS).toBe('http://localhost:3000/onboarding');
  expect(welcomePages).toEqual([WELCOME_ADDRESS]);
  // The fixture closed it, so the other specs start with the one page they always had.
  expect(context.pages()).toHaveLength(1);
});

test.describe('installed mid-way, as from the Chrome Web Store', () => {
  test.use({ extensionInstalled: false });

  test('opens the welcome page beside the pages already open', async ({
    page,
    installExtension,
    welcomePages,
  }) => {
    await page.goto('/signin');
    await installExtension();
    expect(welcomePages).toEqual([WELCOME_ADDRESS]);
    expect(new URL(page.url()).pathname).toBe('/signin');
  });
});
