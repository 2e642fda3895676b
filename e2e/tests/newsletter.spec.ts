import type { APIRequestContext, Page } from '@playwright/test';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

// The newsletter end to end (docs/newsletter.md): the footer's sign-up, the confirmation e-mail in
// the development outbox, its confirm link, and its unsubscribe link with the button, on the real
// server.

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
  headers?: Record<string, string>;
}

/** Waits for the newest e-mail to `address` in the development outbox. */
async function mailTo(request: APIRequestContext, address: string): Promise<OutboxMessage> {
  let mail: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox');
        const { data } = (await response.json()) as { data: { messages: OutboxMessage[] } };
        mail = data.messages.find((message) => message.channel === 'email' && message.to === address);
        return mail !== undefined;
      },
      { message: `an e-mail to ${address}` },
    )
    .toBe(true);
  if (!mail) throw new Error(`no e-mail to ${address}`);
  return mail;
}

/** The link in an e-mail's text that opens `path`, as a person would click it. */
function linkIn(mail: OutboxMessage, path: string): string {
  const link = mail.body.match(
    new RegExp(`https?://\\S+${path.replaceAll('/', '\\/')}\\?token=[\\w-]+`),
  )?.[0];
  if (!link) throw new Error(`no ${path} link in:\n${mail.body}`);
  return link;
}

async function signUpInFooter(page: Page, address: string) {
  await page.goto('/twopercent');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(address);
  await page.getByRole('button', { name: 'Join' }).click();
}

test('signing up in the footer sends a confirm link that confirms, and an unsubscribe link that unsubscribes', async ({
  page,
}) => {
  const address = `reader-${Date.now()}@example.com`;
  await signUpInFooter(page, address);
  await expect(page.getByText('Almost done: check your inbox for a link to confirm.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0);

  const mail = await mailTo(page.request, address);
  expect(mail.body).toMatch(/^Confirm your Stillpoint newsletter sign-up\n/);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.headers?.['List-Unsubscribe']).toMatch(
    /^<https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[\w-]+>$/,
  );

  // The confirm link, opened as from the e-mail.
  const confirmLink = linkIn(mail, '/newsletter/confirm');
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 2, name: "You're subscribed" })).toBeVisible();
  // A second open says so rather than confirming again.
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 2, name: 'Already confirmed' })).toBeVisible();

  // The unsubscribe link opens a page; only its button unsubscribes.
  await page.goto(linkIn(mail, '/newsletter/unsubscribe'));
  await expect(
    page.getByRole('heading', { level: 2, name: 'Unsubscribe from the newsletter?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 2, name: "You're unsubscribed" })).toBeVisible();

  // Unsubscribed, the confirm link no longer works.
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 2, name: "This link isn't valid" })).toBeVisible();
});

test("a mail client's one-click unsubscribe works with no session, and opening that address shows the button", async ({
  page,
  playwright,
  baseURL,
}) => {
  const address = `one-click-${Date.now()}@example.com`;
  await signUpInFooter(page, address);
  const mail = await mailTo(page.request, address);
  const oneClick = (mail.headers?.['List-Unsubscribe'] ?? '').slice(1, -1);

  // Opened in a browser: the page with the button, nothing done yet.
  await page.goto(oneClick);
  await expect(page).toHaveURL(/\/newsletter\/unsubscribe\?token=/);
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();

  // RFC 8058's POST, from a client that has no cookie or token of ours.
  const client = await playwright.request.newContext({ baseURL });
  try {
    for (const _ of [1, 2]) {
      const response = await client.post(oneClick, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: 'List-Unsubscribe=One-Click',
      });
      expect(response.status()).toBe(200);
    }
  } finally {
    await client.dispose();
  }
  await page.goto(linkIn(mail, '/newsletter/confirm'));
  await expect(page.getByRole('heading', { level: 2, name: "This link isn't valid" })).toBeVisible();
});

test('the sign-up says why the server refused the address, and keeps it', async ({ page }) => {
  await page.goto('/twopercent');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Join' }).click();

  await expect(
    page.getByRole('alert').getByText('Enter an e-mail address like name@example.com.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('not-an-email');
});

test('a confirm link no e-mail carried says it is not valid and offers the sign-up again', async ({
  page,
}) => {
  await page.goto('/newsletter/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 2, name: "This link isn't valid" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join' })).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`the confirm and unsubscribe pages have no accessibility violations at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const address = `axe-${width}-${Date.now()}@example.com`;
    await signUpInFooter(page, address);
    const mail = await mailTo(page.request, address);

    await page.goto(linkIn(mail, '/newsletter/confirm'));
    await expect(page.getByRole('heading', { level: 2, name: "You're subscribed" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto(linkIn(mail, '/newsletter/unsubscribe'));
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 2, name: "You're unsubscribed" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto(linkIn(mail, '/newsletter/confirm'));
    await expect(page.getByRole('heading', { level: 2, name: "This link isn't valid" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}
