/**
 * The person both API benches read: signed in with the test number, then given sites through the
 * API, a third of them with a session running.
 */
import { randomUUID } from 'node:crypto';
import { utcUserDay } from '@stillpoint/core';

const TEST_NUMBER = '+15555550100';
const TEST_CODE = '123456';
/** The route both benches load. */
export const SITES_PATH = '/api/getBrowserSitesWithActiveAndTodaysSessions';

async function post(baseURL: string, path: string, body: unknown, token?: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    // A server just started on a busy machine may refuse as overloaded (503) for a moment.
    if (response.status === 503 && attempt < 30) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  }
}

export async function signIn(baseURL: string): Promise<string> {
  await post(baseURL, '/api/auth/phone-number/send-otp', { phoneNumber: TEST_NUMBER });
  const verified = await post(baseURL, '/api/auth/phone-number/verify', {
    phoneNumber: TEST_NUMBER,
    code: TEST_CODE,
  });
  const token = verified.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);
  return token;
}

/** Gives the signed-in person `sites` sites through the API, a third of them with a session running. */
export async function seed(baseURL: string, token: string, sites: number): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < sites; i++) {
    const site = (await (
      await post(
        baseURL,
        '/api/addBrowserSite',
        { siteOrigin: `https://site-${i}.example.com`, budget: 5 },
        token,
      )
    ).json()) as { data: { id: string } };
    if (i % 3 === 0) {
      await post(
        baseURL,
        '/api/startBrowserSiteSession',
        {
          id: randomUUID(),
          siteId: site.data.id,
          lengthInMilliseconds: 20 * 60_000,
          timeStarted: Math.floor(now / 1000) - 60,
          userDay: utcUserDay(new Date(now)),
        },
        token,
      );
    }
  }
}
