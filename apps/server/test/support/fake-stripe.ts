import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for api.stripe.com, shared by the Stripe adapter's tests (stripe-provider.test.ts,
// refunds-stripe-provider.test.ts).

/** One request as the fake API received it: form-encoded parameters flattened as Stripe documents them. */
export interface ApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  authorization: string | undefined;
  stripeVersion: string | undefined;
  /** The Idempotency-Key header the SDK sent, if any. */
  idempotencyKey: string | undefined;
}

type Answer = { status?: number; body: unknown };
export type Route = (request: ApiRequest) => Answer | undefined;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A stand-in for api.stripe.com on a free local port: records each request the SDK sends and
 * answers with the response shapes of Stripe's API reference. A request no route answers is a 404
 * in Stripe's error shape, so a wrong path fails the test loudly.
 */
export async function startFakeStripe() {
  const requests: ApiRequest[] = [];
  let routes: Route[] = [];
  const server: Server = createServer((incoming, response) => {
    void readBody(incoming).then((raw) => {
      const url = new URL(incoming.url ?? '/', 'http://localhost');
      const request: ApiRequest = {
        method: incoming.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(raw)),
        authorization: incoming.headers.authorization,
        stripeVersion: incoming.headers['stripe-version'] as string | undefined,
        idempotencyKey: incoming.headers['idempotency-key'] as string | undefined,
      };
      requests.push(request);
      const answer = routes.map((route) => route(request)).find(Boolean) ?? {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `Unrecognized request URL (${request.method}: ${request.path}).`,
          },
        },
      };
      response.writeHead(answer.status ?? 200, {
        'content-type': 'application/json',
        'request-id': 'req_test',
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    answer(...next: Route[]) {
      routes = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const on =
  (method: string, path: string, body: unknown, status = 200): Route =>
  (request) =>
    request.method === method && request.path === path ? { status, body } : undefined;

export const missing = (id: string) => ({
  error: {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such object: '${id}'`,
    param: 'id',
  },
});
