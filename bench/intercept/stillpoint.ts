import type { BrowserContext, Page } from '@playwright/test';
import { DEVELOPMENT_EXTENSION_ID, readBreatheQuery } from '@stillpoint/core';

const PHONE = { number: '+15555550100', code: '123456' };

/**
 * Signs a person in, adds `siteOrigin` as their intercepted site and hands the extension in
 * `context` their session, through the calls the product makes: phone sign-in with the test
 * number, addBrowserSite, createCustomFirebaseToken, then USER_ACCESS_TOKEN_EXCHANGE and
 * CLEAR_BROWSER_SITES_CACHE sent to the extension from a web app page. The browser keeps the
 * web app's session cookie too, as after a real sign-in. Returns the site's id.
 */
export async function interceptWithStillpoint(
  context: BrowserContext,
  baseURL: string,
  siteOrigin: string,
): Promise<string> {
  if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
  const api = context.request;
  const ok = async (response: Awaited<ReturnType<typeof api.get>>) => {
    if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
    return response;
  };
  await ok(
    await api.post(`${baseURL}/api/auth/phone-number/send-otp`, { data: { phoneNumber: PHONE.number } }),
  );
  const verified = await ok(
    await api.post(`${baseURL}/api/auth/phone-number/verify`, {
      data: { phoneNumber: PHONE.number, code: PHONE.code },
    }),
  );
  const token = verified.headers()['set-auth-token'] ?? ((await verified.json()) as { token: string }).token;
  const headers = { Authorization: `Bearer ${token}` };
  await ok(await api.post(`${baseURL}/api/syncCurrentUser`, { headers, data: {} }));
  const added = await ok(
    await api.post(`${baseURL}/api/addBrowserSite`, { headers, data: { siteOrigin, budget: 3 } }),
  );
  const siteId = ((await added.json()) as { data: { id: string } }).data.id;
  const firebase = await ok(await api.get(`${baseURL}/api/createCustomFirebaseToken`, { headers }));
  const { data } = (await firebase.json()) as { data: { token: string } };

  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseURL}/signin`);
  for (const message of [
    { type: 'USER_ACCESS_TOKEN_EXCHANGE', token: data.token },
    { type: 'CLEAR_BROWSER_SITES_CACHE' },
  ]) {
    const reply = await sendToExtension(page, message);
    if ((reply as { status?: string } | undefined)?.status !== 'success') {
      throw new Error(`The extension answered ${JSON.stringify(reply)} to ${message.type}.`);
    }
  }
  await untilRuleFor(context, siteId);
  return siteId;
}

/**
 * The sites load in the background after sign-in; measuring before the site's redirect rule is
 * in force would let the first visits through. Waits until the worker has the rule.
 */
async function untilRuleFor(context: BrowserContext, siteId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const ready = await worker.evaluate(async (id) => {
      const dnr = (
        globalThis as unknown as {
          chrome: {
            declarativeNetRequest: {
              getDynamicRules(): Promise<{ action: { redirect?: { regexSubstitution?: string } } }[]>;
            };
          };
        }
      ).chrome.declarativeNetRequest;
      const rules = await dnr.getDynamicRules();
      return rules.some((rule) => rule.action.redirect?.regexSubstitution?.includes(id) ?? false);
    }, siteId);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The extension had no redirect rule for site ${siteId} 30 s after sign-in.`);
}

/** Sends one message to the extension from a page of the web app, as the web app does. */
function sendToExtension(page: Page, message: unknown): Promise<unknown> {
  return page.evaluate(
    ([id, payload]) =>
      new Promise((resolve) =>
        (
          globalThis as unknown as {
            chrome: { runtime: { sendMessage(i: string, m: unknown, c: (r: unknown) => void): void } };
          }
        ).chrome.runtime.sendMessage(id, payload, resolve),
      ),
    [DEVELOPMENT_EXTENSION_ID, message] as const,
  );
}

/** Whether `url` is the breathe page of the web app at `baseURL`. */
export const isBreathePage = (baseURL: string) => (url: URL) =>
  url.origin === baseURL && url.pathname === '/breathe';

/**
 * Throws unless the breathe page at `href` carries `returnUrl` exactly and the site's id, as the
 * web app reads them (core's readBreatheQuery).
 */
export function expectExactReturn(href: string, returnUrl: string, siteId: string): void {
  const read = readBreatheQuery(new URL(href));
  if (read.returnUrl !== returnUrl || read.siteId !== siteId) {
    throw new Error(
      `The breathe page lost the address: expected returnUrl ${returnUrl} and siteId ${siteId}, ` +
        `read ${JSON.stringify(read)} from ${href}.`,
    );
  }
}
