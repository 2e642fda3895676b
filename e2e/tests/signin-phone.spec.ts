import {
  codeFromOutbox,
  enterPhoneNumber,
  SESSION_TOKEN_KEY,
  signInWithPhone,
  TEST_PHONE,
} from '../fixtures/auth';
import { expect, test } from '../fixtures/test';

test.describe('phone sign-in', () => {
  test('signs in with the test number, and the page holds a working session', async ({ page, request }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create account' })).toBeVisible();
    // The demo person's number and the demo admin's (docs/support.md).
    await expect(
      page.getByText(/^Development: test numbers \+1 555 555 0100, \+1 555 555 0101\. They sign in/),
    ).toBeVisible();

    await signInWithPhone(page, TEST_PHONE.digits, () => TEST_PHONE.code);

    // Onboarding or home: this worker's other tests may have onboarded the test number already.
    await expect(page).toHaveURL((url) => url.pathname === '/onboarding' || url.pathname === '/');
    // The token the page holds is a working session for the API.
    const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_TOKEN_KEY);
    const me = await request.get('/api/getUser', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).data).toMatchObject({ phoneNumber: TEST_PHONE.e164 });
  });

  test('a new person signs in with a real-looking number, the code from the outbox, and lands on onboarding', async ({
    page,
    request,
  }) => {
    // 555-01xx numbers are reserved for fiction, and valid; nothing leaves the development outbox.
    const phoneNumber = '+14155550123';
    await page.goto('/signin');

    await signInWithPhone(page, '4155550123', () => codeFromOutbox(request, phoneNumber));

    await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
    await expect(
      page.getByRole('heading', { level: 1, name: 'What brings you to Stillpoint?' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign out' }).first()).toBeAttached();
  });

  test('a keyboard user tabs into the field and types a US number after the prefilled +1', async ({
    page,
  }) => {
    await page.goto('/signin');
    const field = page.getByLabel('Phone number', { exact: true });
    await expect(field).toHaveValue('+1');
    // The drawn first screen is inert until the app takes it over: focus moves only after that.
    await expect(page.locator('#root > [inert]')).toHaveCount(0);
    // Tab from the country picker, as someone on the keyboard does: the browser selects the
    // field's text on such a focus, and the first digit must not replace the +1.
    await page.getByRole('combobox', { name: 'Phone number country' }).focus();
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await page.keyboard.type('2025550304');
    await expect(field).toHaveValue('+1 202 555 0304');
    await expect(page.getByRole('combobox', { name: 'Phone number country' })).toHaveValue('US');
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
  });

  test('keeps Continue disabled for an invalid number and Submit under 6 digits', async ({ page }) => {
    await page.goto('/signin');
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true });

    // Its own number: the server's send cooldown is per number, and other tests here use 0123.
    await enterPhoneNumber(page, '415555012');
    await expect(continueButton).toBeDisabled();
    await page.getByLabel('Phone number', { exact: true }).press('4');
    await expect(continueButton).toBeEnabled();
    await continueButton.click();

    const code = page.getByLabel('Confirmation code');
    await code.fill('12345');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await code.pressSequentially('67');
    // At most 6 characters: the seventh keystroke changes nothing.
    await expect(code).toHaveValue('123456');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  test("says 'Error, please try again' for a wrong code, then accepts the right one", async ({ page }) => {
    await page.goto('/signin?trialEmail=sam%40example.com');
    await signInWithPhone(page, TEST_PHONE.digits, () => '000000');

    const alert = page.getByRole('alert').filter({ hasText: 'Error, please try again' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("That code doesn't match.");

    const code = page.getByLabel('Confirmation code');
    await code.fill(TEST_PHONE.code);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).not.toHaveURL(/\/signin(\?|$)/);
  });

  test('shows only the suggested method under the suggested-formats title', async ({ page }) => {
    await page.goto('/signin?suggestedAuthFormats=phone');

    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Stillpoint' })).toBeVisible();
    await expect(page.getByLabel('Phone number', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toHaveCount(0);
  });

  test('welcomes people coming from the iOS app', async ({ page }) => {
    await page.goto('/signin?source=iPhoneApp');

    await expect(
      page.getByText(
        "Hey, we're glad you made it here from our iOS app! Sign in below to get started with Stillpoint on Chrome.",
      ),
    ).toBeVisible();
  });
});
