import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The default test number and its fixed code (config.ts, outside production). */
export const TEST_NUMBER = '+15555550100';
export const TEST_CODE = '123456';

let nextNumber = 1000;
/** A real, valid number (San Francisco, 555 exchange) no other test in the file has used. */
export const freshPhoneNumber = () => `+1415555${String(nextNumber++).padStart(4, '0')}`;

/** Each call from its own address, so per-IP rate limits only bite in the test that aims for them. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const json = (payload: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(payload),
});

export const sendOtp = (app: FastifyInstance, phoneNumber: string, ip = randomIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    remoteAddress: ip,
    ...json({ phoneNumber }),
  });

export const verifyOtp = (app: FastifyInstance, phoneNumber: string, code: string, ip = randomIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/verify',
    remoteAddress: ip,
    ...json({ phoneNumber, code }),
  });

export interface OutboxEntry {
  channel: string;
  to: string;
  body: string;
  /** An e-mail's extra headers (List-Unsubscribe, ...), when it has any. */
  headers?: Record<string, string>;
  sentAt: string;
}

export async function outbox(app: FastifyInstance): Promise<OutboxEntry[]> {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { messages: OutboxEntry[] } }).data.messages;
}

/** The code in the newest SMS to this number, as a person would read it off their phone. */
export async function lastCodeSentTo(app: FastifyInstance, phoneNumber: string): Promise<string> {
  const message = (await outbox(app)).find((entry) => entry.channel === 'sms' && entry.to === phoneNumber);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${phoneNumber}`);
  return code;
}

/** The session token a successful verify hands back in `set-auth-token` (bearer plugin). */
export function sessionTokenOf(res: LightMyRequestResponse): string {
  const token = res.headers['set-auth-token'];
  if (typeof token !== 'string' || token === '')
    throw new Error(`no session token: ${res.statusCode} ${res.body}`);
  return token;
}

/** Signs a new (or returning) person in by phone through the real flow; returns their bearer token. */
export async function signInByPhone(app: FastifyInstance, phoneNumber = freshPhoneNumber()): Promise<string> {
  const sent = await sendOtp(app, phoneNumber);
  if (sent.statusCode !== 200) throw new Error(`send-otp: ${sent.statusCode} ${sent.body}`);
  const code = phoneNumber === TEST_NUMBER ? TEST_CODE : await lastCodeSentTo(app, phoneNumber);
  return sessionTokenOf(await verifyOtp(app, phoneNumber, code));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const getUser = (app: FastifyInstance, token?: string) =>
  app.inject({ method: 'GET', url: '/api/getUser', headers: token ? bearer(token) : {} });
