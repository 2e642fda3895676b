import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, randomIp } from './auth';

/** The web app's side of the hand-over: a one-time token minted for the signed-in session. */
export async function createExchangeToken(app: FastifyInstance, sessionToken: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/createCustomFirebaseToken',
    headers: bearer(sessionToken),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { token: string } }).data.token;
}

/** The extension's side: trading the token for a session, from an address of its own. */
export const exchangeExtensionToken = (app: FastifyInstance, token: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/exchangeExtensionToken',
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token }),
  });
