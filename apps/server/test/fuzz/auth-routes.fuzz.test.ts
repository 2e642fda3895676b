import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/auth';
import { freshPhoneNumber, randomIp, sendOtp, signInByPhone, TEST_CODE, TEST_NUMBER } from '../support/auth';
import { createExchangeToken, exchangeExtensionToken } from '../support/extension-link';
import { changedTables, type TableDigest, tableDigest } from '../support/table-digest';
import { authAnswerProblem } from './answer-check';
import {
  AUTH_ROUTES,
  type AuthRouteSchema,
  authRequestsFor,
  routeLabel,
  servedAuthRoutes,
} from './auth-requests';
import { createFuzzApp, type FuzzApp } from './fuzz-app';
import type { FuzzRequest } from './fuzz-requests';
import { FUZZ_TIMEOUT_MS, fuzzRunOptions } from './fuzz-runs';

const GARBAGE_TOKEN = 'Bearer not-a-session-token';

/** Someone signed in by phone with two sessions (the web app's and the extension's), current first. */
interface AuthPerson {
  token: string;
  phoneNumber: string;
  sessionIds: string[];
}

async function signedInPerson({ app, database }: FuzzApp): Promise<AuthPerson> {
  const phoneNumber = freshPhoneNumber();
  const token = await signInByPhone(app, phoneNumber);
  // A second session, so that revoking one's own session by id can succeed and leave this one.
  const exchanged = await exchangeExtensionToken(app, await createExchangeToken(app, token));
  if (exchanged.statusCode !== 200) throw new Error(`exchange: ${exchanged.statusCode} ${exchanged.body}`);
  // The bearer token is the session's token and its signature.
  const [sessionToken] = token.split('.');
  const result = (await database.db.execute(sql`
    select session.id from session join "user" on "user".id = session.user_id
    where "user".phone_number = ${phoneNumber}
    order by session.token = ${sessionToken} desc
  `)) as unknown as { rows: { id: string }[] };
  return { token, phoneNumber, sessionIds: result.rows.map((row) => row.id) };
}

/**
 * Every Better Auth route the server serves (sign-in-methods.ts), fuzzed as the registry's
 * endpoints are: never a 5xx, never an error without a body (in the API's envelope or Better
 * Auth's `{ code, message }`), and a refused call (4xx) changes no table but those its route
 * lists with a reason.
 */
describe('fuzzing every auth route', () => {
  let t: FuzzApp;
  let served: Map<string, AuthRouteSchema>;
  let providerIds: string[];
  let person: AuthPerson;
  // Another person, whose session ids the fuzzed person may name but never end.
  let stranger: AuthPerson;

  beforeAll(async () => {
    t = await createFuzzApp();
    const config = (await t.app.inject({ method: 'GET', url: '/api/getAuthConfig' })).json() as {
      data: { google: { id: string }; apple: { id: string } };
    };
    providerIds = [config.data.google.id, config.data.apple.id];
    // A second instance over the same database, to read the routes and schemas Better Auth defines.
    const auth = createAuth({
      config: t.config,
      database: t.database,
      smsSender: { send: async () => undefined },
      log: t.app.log,
    });
    served = servedAuthRoutes(auth, config.data.google.id);
    stranger = await signedInPerson(t);
  });
  afterAll(() => t?.close());

  it('lists every route the server serves, and only those', () => {
    expect([...served.keys()].sort()).toEqual(AUTH_ROUTES.map(routeLabel).sort());
  });

  const send = (request: FuzzRequest) => {
    const authorization =
      request.authorization ??
      (request.credential === 'person'
        ? `Bearer ${person.token}`
        : request.credential === 'garbage'
          ? GARBAGE_TOKEN
          : undefined);
    return t.app.inject({
      method: request.method,
      url: request.url,
      headers: {
        ...(authorization !== undefined ? { authorization } : {}),
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      remoteAddress: randomIp(),
    });
  };

  const stillSignedIn = async ({ sessionIds: [current] }: AuthPerson) => {
    const result = (await t.database.db.execute(
      sql`select 1 from session where id = ${current}`,
    )) as unknown as {
      rows: unknown[];
    };
    return result.rows.length > 0;
  };

  /** A code waiting for the test number, so that a verify can be right or wrong, not only late. */
  const sendTestNumberACode = async () => {
    const sent = await sendOtp(t.app, TEST_NUMBER);
    if (sent.statusCode !== 200) throw new Error(`send-otp: ${sent.statusCode} ${sent.body}`);
  };
  const codeGone = (res: LightMyRequestResponse) =>
    res.statusCode < 500 && /"code":"(OTP_NOT_FOUND|TOO_MANY_ATTEMPTS|OTP_EXPIRED)"/.test(res.body);

  /** Values that name real things, by field name, read when drawn (the person changes over a run). */
  const knownValues = (field: string): fc.Arbitrary<unknown> | undefined => {
    const oneOf = (values: () => readonly unknown[]) =>
      fc.nat().map((choice) => {
        const current = values();
        return current[choice % current.length];
      });
    const urls = () => [
      '/',
      '/home',
      `${t.config.publicUrl}/home`,
      'https://evil.example/',
      '//evil.example',
    ];
    const byField: Record<string, fc.Arbitrary<unknown>> = {
      id: oneOf(() => [...person.sessionIds, ...stranger.sessionIds]),
      provider: oneOf(() => providerIds),
      // Numbers of people who signed in, the test number, and numbers no other test uses.
      phoneNumber: fc.oneof(
        { weight: 3, arbitrary: fc.constant(TEST_NUMBER) },
        { weight: 1, arbitrary: oneOf(() => [person.phoneNumber, stranger.phoneNumber]) },
        {
          weight: 1,
          arbitrary: fc
            .integer({ min: 0, max: 9999 })
            .map((line) => `+1212555${String(line).padStart(4, '0')}`),
        },
      ),
      code: fc.oneof(fc.constant(TEST_CODE), fc.stringMatching(/^\d{6}$/)),
      callbackURL: oneOf(urls),
      errorCallbackURL: oneOf(urls),
      newUserCallbackURL: oneOf(urls),
      popupOrigin: oneOf(() => [new URL(t.config.publicUrl).origin]),
    };
    return byField[field];
  };

  it.for(AUTH_ROUTES.map((route) => [routeLabel(route), route] as const))(
    '%s: never a 5xx, never an empty error, no change on a 4xx',
    { timeout: FUZZ_TIMEOUT_MS },
    async ([label, route]) => {
      const schema = served.get(label);
      if (!schema) throw new Error(`${label} is listed but the server does not serve it`);
      person = await signedInPerson(t);
      await sendTestNumberACode();
      const requests = authRequestsFor(route, schema, {
        knownValues,
        providerIds,
        personToken: () => person.token,
      });
      let baseline: TableDigest = await tableDigest(t.database.db);
      t.takeServerError();

      const property = fc.asyncProperty(requests, async (request) => {
        const res = await send(request);
        const serverError = t.takeServerError();
        const problem = authAnswerProblem(res);
        if (problem) {
          const cause = res.statusCode >= 500 && serverError ? `\nserver error: ${serverError.stack}` : '';
          throw new Error(`${label} ${problem}: ${res.body.slice(0, 500)}${cause}`);
        }
        const after = await tableDigest(t.database.db);
        if (res.statusCode >= 400) {
          const changed = changedTables(baseline, after).filter((table) => !route.refusalMayChange?.[table]);
          if (changed.length > 0) {
            throw new Error(
              `${label} answered ${res.statusCode} but changed ${changed.join(', ')}: ${res.body.slice(0, 500)}`,
            );
          }
        }
        baseline = after;
        // The person signed out or revoked their own session: carry on as someone signed in.
        if (route.endsSessions && res.statusCode < 300 && !(await stillSignedIn(person))) {
          person = await signedInPerson(t);
          baseline = await tableDigest(t.database.db);
        }
        // The test number's code was spent or used up: a new one, so that verifying can be right again.
        if (route.path === '/phone-number/verify' && (res.statusCode < 300 || codeGone(res))) {
          await sendTestNumberACode();
          baseline = await tableDigest(t.database.db);
        }
      });
      await fc.assert(property, fuzzRunOptions);
    },
  );
});
