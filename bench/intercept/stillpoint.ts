import type { BrowserContext } from '@playwright/test';
import { readBreatheQuery } from '@stillpoint/core';
import { linkExtension, ok, signInTestPerson, tellExtension } from '../support/extension-person';

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
  const headers = await signInTestPerson(api, baseURL);
  const added = await ok(
    await api.post(`${baseURL}/api/addBrowserSite`, { headers, data: { siteOrigin, budget: 3 } }),
  );
  const siteId = ((await added.json()) as { data: { id: string } }).data.id;
  const page = context.pages()[0] ?? (await context.newPage());
  await linkExtension(api, page, baseURL, headers);
  await tellExtension(page, { type: 'CLEAR_BROWSER_SITES_CACHE' });
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

/**
 * Whether `url` is Stillpoint's first screen: the extension's own breathe page, where the redirect
 * rule sends an intercepted navigation (decision 035).
 */
export const isFirstScreen = (url: URL) =>
  url.protocol === 'chrome-extension:' && url.pathname === '/breathe.html';

/** Whether `url` is the breathe page of the web app at `baseURL`, which takes over from the first screen. */
export const isBreathePage = (baseURL: string) => (url: URL) =>
  url.origin === baseURL && url.pathname === '/breathe';

/** What Stillpoint shows for an intercepted navigation, in order: its first screen, then the web app's. */
export const stillpointScreens = (baseURL: string) => [isFirstScreen, isBreathePage(baseURL)];

/**
 * Throws unless the breathe page at `href` carries `returnUrl` exactly and the site's id, as the
 * pages read them (core's readBreatheQuery); with `handedOver`, also when the first screen began
 * the breathing (breathingSince), which the web app's page must be given to carry on from there.
 */
export function expectExactReturn(
  href: string,
  returnUrl: string,
  siteId: string,
  { handedOver = false }: { handedOver?: boolean } = {},
): void {
  const read = readBreatheQuery(new URL(href));
  if (
    read.returnUrl !== returnUrl ||
    read.siteId !== siteId ||
    (handedOver && read.breathingSince === null)
  ) {
    throw new Error(
      `The breathe page lost the address: expected returnUrl ${returnUrl} and siteId ${siteId}` +
        `${handedOver ? ' and a breathingSince' : ''}, read ${JSON.stringify(read)} from ${href}.`,
    );
  }
}

/**
 * Checks both pages Stillpoint showed for a navigation to `url`: the first screen and the web
 * app's page taking over must each carry the exact address, and the latter breathingSince.
 */
export function expectBothKeep(
  [firstScreen, takenOver]: readonly { href: string }[],
  url: string,
  siteId: string,
): void {
  if (firstScreen) expectExactReturn(firstScreen.href, url, siteId);
  if (takenOver) expectExactReturn(takenOver.href, url, siteId, { handedOver: true });
}
