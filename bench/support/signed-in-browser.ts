import { SESSION_TOKEN_KEY, SYNCED_SESSION_KEY, TEST_PHONE } from '../../e2e/fixtures/auth';

/** A page given as `signed-in:/path` is measured as the test person, signed in on this browser. */
export const SIGNED_IN = 'signed-in:';
export const isSignedIn = (page: string): boolean => page.startsWith(SIGNED_IN);

/** The test person's sign-in, as the web app keeps it in the browser. */
export interface SignedIn {
  token: string;
  /** Better Auth's id of the sign-in, which the web app notes once it has synced it. */
  sessionId: string;
}

/**
 * What the web app keeps in localStorage for a person who signed in on this browser earlier: the
 * session token, and the note that this sign-in has told the server about itself (its
 * once-per-sign-in sync), as [key, value] pairs.
 */
export const storedSignIn = ({ token, sessionId }: SignedIn): [string, string][] => [
  [SESSION_TOKEN_KEY, token],
  [SYNCED_SESSION_KEY, sessionId],
];

/** Signs the test person in through the API and syncs the sign-in, as the web app does. */
export async function signInThroughApi(baseURL: string): Promise<SignedIn> {
  const post = async (pathname: string, body: unknown, headers: Record<string, string> = {}) => {
    let res: Response;
    // A busy machine makes the server refuse for a moment (503, overload); it asks to try again.
    for (let attempt = 1; ; attempt++) {
      res = await fetch(`${baseURL}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseURL, ...headers },
        body: JSON.stringify(body),
      });
      if (res.status !== 503 || attempt === 10) break;
      await res.text();
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
    return res;
  };
  await post('/api/auth/phone-number/send-otp', { phoneNumber: TEST_PHONE.e164 });
  const verified = await post('/api/auth/phone-number/verify', {
    phoneNumber: TEST_PHONE.e164,
    code: TEST_PHONE.code,
  });
  const token =
    verified.headers.get('set-auth-token') ?? ((await verified.json()) as { token: string }).token;
  await post('/api/syncCurrentUser', { timezoneOffsetMinutes: 0 }, { authorization: `Bearer ${token}` });
  const session = await fetch(`${baseURL}/api/auth/get-session`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { session: current } = (await session.json()) as { session: { id: string } };
  return { token, sessionId: current.id };
}
