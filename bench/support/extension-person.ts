import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { DEVELOPMENT_EXTENSION_ID } from '@stillpoint/core';
import { SESSION_TOKEN_KEY, TEST_PHONE } from '../../e2e/fixtures/auth';

/** The response, or an error naming the call and what the server said. */
export async function ok(response: APIResponse): Promise<APIResponse> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return response;
}

/**
 * Signs the test person in by phone and syncs them, as the web app does after a sign-in. The
 * request context keeps the session cookie too. Returns the headers that carry the bearer token.
 */
export async function signInTestPerson(
  api: APIRequestContext,
  baseURL: string,
): Promise<{ Authorization: string }> {
  await ok(
    await api.post(`${baseURL}/api/auth/phone-number/send-otp`, { data: { phoneNumber: TEST_PHONE.e164 } }),
  );
  const verified = await ok(
    await api.post(`${baseURL}/api/auth/phone-number/verify`, {
      data: { phoneNumber: TEST_PHONE.e164, code: TEST_PHONE.code },
    }),
  );
  const token = verified.headers()['set-auth-token'] ?? ((await verified.json()) as { token: string }).token;
  const headers = { Authorization: `Bearer ${token}` };
  await ok(await api.post(`${baseURL}/api/syncCurrentUser`, { headers, data: {} }));
  return headers;
}

/** Sends one message to the extension from a page of the web app, as the web app does. */
export function sendToExtension(page: Page, message: unknown): Promise<unknown> {
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

/** Sends a message and fails unless the extension answers with success. */
export async function tellExtension(page: Page, message: { type: string; token?: string }): Promise<void> {
  const reply = await sendToExtension(page, message);
  if ((reply as { status?: string } | undefined)?.status !== 'success') {
    throw new Error(`The extension answered ${JSON.stringify(reply)} to ${message.type}.`);
  }
}

/**
 * Leaves the person signed in to the web app in this browser and hands the extension their
 * session, as the web app does: a token from createCustomFirebaseToken sent as
 * USER_ACCESS_TOKEN_EXCHANGE from a page of the web app.
 */
export async function linkExtension(
  api: APIRequestContext,
  page: Page,
  baseURL: string,
  headers: { Authorization: string },
): Promise<void> {
  const firebase = await ok(await api.get(`${baseURL}/api/createCustomFirebaseToken`, { headers }));
  const { data } = (await firebase.json()) as { data: { token: string } };
  await page.goto(`${baseURL}/signin`);
  await keepWebSession(page, headers);
  await tellExtension(page, { type: 'USER_ACCESS_TOKEN_EXCHANGE', token: data.token });
}

/**
 * Stores the person's session token where a sign-in in the browser leaves it, from a page of the
 * web app already open: the signed-in pages (breathe's first screen among them) read it there.
 */
export async function keepWebSession(page: Page, headers: { Authorization: string }): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_TOKEN_KEY,
    headers.Authorization.replace(/^Bearer /, ''),
  ] as const);
}
