import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  contentType: string | undefined;
  body: unknown;
}

export interface WebhookBehaviour {
  status?: number;
  /** Answer only after this long (a slow service). */
  delayMs?: number;
}

/**
 * A real HTTP server on a free local port standing in for a team-chat webhook or an analytics
 * collector: it records what arrives and answers as told.
 */
export async function startWebhook(behaviour: WebhookBehaviour = {}) {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    readBody(request).then((raw) => {
      received.push({
        method: request.method ?? '',
        contentType: request.headers['content-type'],
        body: raw ? JSON.parse(raw) : null,
      });
      const answer = () => {
        if (response.destroyed) return;
        response.writeHead(behaviour.status ?? 200, { 'content-type': 'text/plain' });
        response.end('ok');
      };
      if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The first request whose JSON body mentions `text`, once it has arrived (fails after a few seconds). */
    async waitForMention(text: string): Promise<ReceivedRequest> {
      const find = () => received.find((request) => JSON.stringify(request.body).includes(text));
      await until(() => find() !== undefined, `a webhook request mentioning ${text}`);
      return find() as ReceivedRequest;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Polls `condition` until it holds; for effects that happen after the answer was sent. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
