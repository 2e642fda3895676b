import { type EndpointName, type EndpointResponse, endpoints } from '@stillpoint/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, randomIp, signInByPhone } from './auth';

export interface CallOptions {
  token?: string | undefined;
  /** The caller's address; a fresh one each call unless a test is about per-address limits. */
  ip?: string;
}

/**
 * One call to the API by its core name, as a client would make it: GET input as the query string,
 * POST input as a JSON body (sent as given, so tests can send malformed input too).
 */
export function call(
  app: FastifyInstance,
  name: EndpointName,
  input?: unknown,
  { token, ip = randomIp() }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const endpoint = endpoints[name];
  const url = `/api${endpoint.path}`;
  const headers = token ? bearer(token) : {};
  if (endpoint.method === 'GET') {
    const query = input ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
    return app.inject({ method: 'GET', url: `${url}${query}`, headers, remoteAddress: ip });
  }
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input ?? {}),
    remoteAddress: ip,
  });
}

/** The data of a successful answer; anything else fails the test with the server's own words. */
export function dataOf<N extends EndpointName>(
  _name: N,
  res: LightMyRequestResponse,
): EndpointResponse<(typeof endpoints)[N]> {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: EndpointResponse<(typeof endpoints)[N]> }).data;
}

/** Calls and unwraps in one step, for the setup parts of a test. */
export async function callOk<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  input: unknown,
  token: string,
): Promise<EndpointResponse<(typeof endpoints)[N]>> {
  return dataOf(name, await call(app, name, input, { token }));
}

export interface Person {
  token: string;
  uid: string;
}

/** A new person signed in by phone, as the web app would after sign-in. */
export async function signUp(app: FastifyInstance, phoneNumber?: string): Promise<Person> {
  const token = await signInByPhone(app, phoneNumber);
  const user = await callOk(app, 'getUser', undefined, token);
  return { token, uid: user.uid };
}

/** The failure envelope of an answer, for asserting status, code and message together. */
export const failureOf = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  ...(res.json() as { success: boolean; code: string; error: string }),
});
