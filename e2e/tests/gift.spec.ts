import type { APIRequestContext, Page } from '@playwright/test';
import { signInWithPhone } from '../fixtures/auth';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, payOnLocalCheckout, test } from '../fixtures/premium';

// Gifts end to end (SPEC §2 /gift and /redeem): a visitor buys on the local provider's hosted
// checkout, the paid codes come back to the page and by e-mail, and another person redeems one.

/** The new-people numbers' code (fixtures/people.ts). */
const NEW_PEOPLE_CODE = '246810';
/** The theme's danger colour (--color-danger, #a4262c), which errors are shown in. */
const DANGER_RGB = 'rgb(164, 38, 44)';

const badge = (page: Page) => page.getByRole('banner').getByTestId('subscription-badge');
const codeField = (page: Page) => page.getByRole('textbox', { name: 'Gift code' });

async function openGift(page: Page) {
  await page.goto('/gift');
  await expect(page.getByRole('heading', { level: 1, name: 'Give the gift of Stillpoint' })).toBeVisible();
  await expect(page.getByText('1 year for $49.99')).toBeVisible();
}

/** The e-mail the development outbox holds for `address`, once it has arrived. */
async function emailTo(request: APIRequestContext, address: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox');
        const { data } = (await response.json()) as {
          data: { messages: { channel: string; to: string; body: string }[] };
        };
        body =
          data.messages.find((message) => message.channel === 'email' && message.to === address)?.body ?? '';
        return body;
      },
      { message: `an e-mail to ${address}` },
    )
    .not.toBe('');
  return body;
}

/** From /redeem as a visitor: Get started, then sign in on the page as a new person. */
async function signInOnRedeem(page: Page, number: string) {
  await page.goto('/redeem');
  await expect(
    page.getByRole('heading', { level: 2, name: "You've been gifted a 1 year subscription" }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in to redeem your gift' })).toBeVisible();
  await signInWithPhone(page, number.slice(2), () => NEW_PEOPLE_CODE);
  await expect(codeField(page)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/redeem' && url.searchParams.get('step') === '1');
}

test('a visitor buys 2 gifts with 4242 and gets both codes and the e-mail; another person redeems one, once', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(120_000);
  const buyer = `giver-${Date.now()}@example.com`;

  // As a visitor: two gifts, paid on the local hosted checkout.
  await openGift(page);
  await page.getByRole('button', { name: 'One gift more' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Number of gifts' })).toHaveAttribute(
    'aria-valuenow',
    '2',
  );
  await expect(page.getByText('2 gifts: $99.98 in total')).toBeVisible();
  await page.getByRole('button', { name: 'Buy gift' }).click();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  await page.getByLabel('Email', { exact: true }).fill(buyer);
  const backOnGift = page.waitForURL(
    (url) => url.pathname === '/gift' && url.searchParams.get('stripe_success') === 'true',
  );
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await backOnGift;

  // Back on /gift: success once the payment is confirmed, with both codes.
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible({ timeout: 30_000 });
  const codes = await page
    .getByRole('list', { name: 'Your gift codes' })
    .getByText(/^[A-Z0-9]{6}$/)
    .allTextContents();
  expect(codes).toHaveLength(2);
  expect(new Set(codes).size).toBe(2);
  expect(codes).toContain(new URL(page.url()).searchParams.get('redemptionCode'));
  await expect(page.getByText(`We've sent a confirmation e-mail with every code to ${buyer}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: /\/redeem$/ })).toBeVisible();
  const [code = '', otherCode = ''] = codes;

  // The confirmation e-mail carries every code.
  const email = await emailTo(page.request, buyer);
  expect(email).toContain(code);
  expect(email).toContain(otherCode);

  // Another person, signed in on /redeem, types the code in lower case.
  await signInOnRedeem(page, newPerson());
  await codeField(page).pressSequentially(code.toLowerCase());
  await expect(codeField(page)).toHaveValue(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Code redeemed!' })).toBeVisible();
  await expect(page.getByRole('link', { name: /App Store/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Google Play/ })).toBeVisible();

  // Premium is the server's: the header shows PRO.
  await page.getByRole('link', { name: 'Continue to Stillpoint on the web' }).click();
  await expect(badge(page)).toHaveText('PRO');

  // The same code again: refused, in red, and nothing redeemed.
  await page.goto('/redeem?step=1');
  await codeField(page).pressSequentially(code.toLowerCase());
  await page.getByRole('button', { name: 'Continue' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: /\S/ });
  await expect(refusal).toBeVisible();
  await expect(refusal).toHaveCSS('color', DANGER_RGB);
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Code redeemed!' })).toHaveCount(0);
});

test('a forged code on the success address shows no success and no code', async ({ page }) => {
  await page.goto('/gift?stripe_success=true&redemptionCode=ZZZZZZ&session_id=cs_forged');
  await expect(
    page.getByRole('heading', { level: 1, name: "We couldn't find this gift purchase" }),
  ).toBeVisible();
  await expect(page.getByText('Success!')).toHaveCount(0);
  await expect(page.getByText('ZZZZZZ')).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`/gift and /redeem have no accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openGift(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto('/redeem');
    await expect(page.getByRole('button', { name: 'Get started' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(page.getByLabel('Phone number', { exact: true })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}
