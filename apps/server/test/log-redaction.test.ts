import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSmsSender } from '../src/integrations/sms/twilio';
import { createTestApp, type TestApp } from './support/app';
import {
  bearer,
  freshPhoneNumber,
  getUser,
  lastCodeSentTo,
  sendOtp,
  sessionTokenOf,
  verifyOtp,
} from './support/auth';

/** Whether the text holds these digits as a number of their own, not inside a longer one (a time). */
const holdsNumber = (text: string, digits: string) => new RegExp(`(?<!\\d)${digits}(?!\\d)`).test(text);

interface LogRecord {
  level: number;
  msg?: string;
  reqId?: string;
  [field: string]: unknown;
}

const records = (lines: string[]): LogRecord[] => lines.map((line) => JSON.parse(line) as LogRecord);

/** The app's log as written: one JSON record a line, at the most verbose level. */
function capturedLog() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    records: (from = 0) => records(lines.slice(from)),
  };
}

describe('the log of a phone sign-in', () => {
  const log = capturedLog();
  const phoneNumber = freshPhoneNumber();
  let t: TestApp;
  let startedAt = 0;
  let code = '';
  let wrongCode = '';
  let token = '';
  const requestIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'trace' }, { logStream: log.stream });
    // What the app logs while starting belongs to no request.
    startedAt = log.lines.length;

    const keepId = <R extends { headers: Record<string, unknown> }>(res: R): R => {
      requestIds.push(String(res.headers['x-request-id']));
      return res;
    };
    expect(keepId(await sendOtp(t.app, phoneNumber)).statusCode).toBe(200);
    code = await lastCodeSentTo(t.app, phoneNumber);
    wrongCode = code === '314159' ? '271828' : '314159';
    expect(keepId(await verifyOtp(t.app, phoneNumber, wrongCode)).statusCode).toBe(400);
    token = sessionTokenOf(keepId(await verifyOtp(t.app, phoneNumber, code)));
    expect(keepId(await getUser(t.app, token)).statusCode).toBe(200);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(token) });
    expect(keepId(signOut).statusCode).toBe(200);
    // As an identity provider's callback would come back: with a one-time code in the query.
    const callback = await t.app.inject({
      method: 'GET',
      url: '/api/healthz?code=4815162342&state=xyz&page=2',
    });
    keepId(callback);
  });
  afterAll(() => t.close());

  it('logged something for every step', () => {
    expect(log.records(startedAt).length).toBeGreaterThan(10);
  });

  it('holds no sign-in code, right or wrong', () => {
    for (const line of log.lines) {
      expect(holdsNumber(line, code), line).toBe(false);
      expect(holdsNumber(line, wrongCode), line).toBe(false);
    }
  });

  it('holds no session token, whole or in part', () => {
    const [sessionPart = token] = token.split('.');
    for (const line of log.lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(sessionPart);
    }
  });

  it('holds no full phone number, with or without its +', () => {
    const digits = phoneNumber.replace(/\D/g, '');
    for (const line of log.lines) expect(line).not.toContain(digits);
  });

  it('keeps the path and query of a URL, without the values of codes and tokens', () => {
    const urls = log.records(startedAt).map((record) => (record.req as { url?: string } | undefined)?.url);
    expect(urls).toContain('/api/healthz?code=[redacted]&state=[redacted]&page=2');
  });

  it('says where the code went, with the number masked', () => {
    const outboxLine = log.records(startedAt).find((record) => record.msg?.startsWith('dev outbox'));
    expect(outboxLine?.msg).toContain(`sms to +1${'*'.repeat(8)}${phoneNumber.slice(-2)}`);
    expect(outboxLine?.msg).toContain('GET /api/dev/outbox');
  });

  it('names the request in every line written while serving one', () => {
    const records = log.records(startedAt);
    const withoutId = records.filter((record) => typeof record.reqId !== 'string');
    expect(withoutId).toEqual([]);
    // The ids answered in x-request-id are the ones the lines carry.
    const logged = new Set(records.map((record) => record.reqId));
    for (const id of requestIds) expect(logged).toContain(id);
  });
});

describe('the log of a sign-in whose SMS the provider refuses', () => {
  const log = capturedLog();
  const phoneNumber = freshPhoneNumber();
  let t: TestApp;
  beforeAll(async () => {
    // Twilio's refusals quote the number they refused.
    const refusing = async () =>
      new Response(
        JSON.stringify({
          code: 21211,
          message: `The 'To' number ${phoneNumber} is not a valid phone number.`,
        }),
        { status: 400 },
      );
    const smsSender = twilioSmsSender({
      accountSid: 'AC1',
      authToken: 'twilio-auth-token',
      from: '+15005550006',
      fetch: refusing as typeof fetch,
    });
    t = await createTestApp({ logLevel: 'trace' }, { logStream: log.stream, smsSender });
    expect((await sendOtp(t.app, phoneNumber)).statusCode).toBe(502);
  });
  afterAll(() => t.close());

  it('logs the failure under the request, with the number masked', () => {
    const failure = log.records().find((record) => record.msg === 'sending a sign-in code failed');
    expect(failure?.reqId).toEqual(expect.any(String));
    expect(JSON.stringify(failure)).toContain(`+1${'*'.repeat(8)}${phoneNumber.slice(-2)}`);
    for (const line of log.lines) expect(line).not.toContain(phoneNumber.replace(/\D/g, ''));
  });
});

describe('the log of a failed query', () => {
  const log = capturedLog();
  const phoneNumber = freshPhoneNumber();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'trace' }, { logStream: log.stream });
  });
  afterAll(() => t.app.close());

  it('keeps the SQL and the failure, never the values the query carried', async () => {
    // The database goes away: the feedback's insert fails with its parameters in the error.
    await t.database.close();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sendFeedback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ content: `Call me on ${phoneNumber}`, location: 'home' }),
    });
    expect(res.statusCode).toBe(500);
    const failure = log.records().find((record) => record.msg === 'request failed');
    expect(JSON.stringify(failure)).toContain('insert into');
    expect(JSON.stringify(failure)).toContain('redacted]');
    for (const line of log.lines) expect(line).not.toContain(phoneNumber.replace(/\D/g, ''));
  });
});
