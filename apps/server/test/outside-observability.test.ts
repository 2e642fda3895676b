import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { testConfig } from './support/app';
import { openTestDatabase } from './support/database';
import { until } from './support/webhook';

/** A local stand-in for Sentry's ingest and an OTLP collector: records every request's path and body. */
async function startRecorder() {
  const received: { url: string; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Sentry (SENTRY_DSN, and SENTRY_BROWSER_DSN's effect on the server) and OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT), when configured, each against
 * a local stand-in (docs/observability.md, "Sentry and OpenTelemetry"). That neither is loaded by a
 * default start is startup-packages.test.ts's.
 */
describe('Sentry and OpenTelemetry, configured', () => {
  let database: DatabaseHandle;
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    recorder = await startRecorder();
  });
  afterAll(async () => {
    await recorder.close();
    await database.close();
  });

  it("send a request's trace to the collector, a 5xx's error and a browser's scrubbed report to Sentry, and not a 4xx", async () => {
    const app = await buildApp({
      config: testConfig({
        outsideObservability: {
          sentryDsn: `http://publickey@127.0.0.1:${recorder.port}/42`,
          otlpEndpoint: `http://127.0.0.1:${recorder.port}`,
          sentryBrowserDsn: null,
        },
      }),
      database,
    });
    app.get('/api/broken-for-this-test', async () => {
      throw new Error('broken on purpose 4242');
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/broken-for-this-test' })).statusCode).toBe(500);
    const refused = await app.inject({ method: 'POST', url: '/api/reportClientError', payload: {} });
    expect(refused.statusCode).toBe(400);
    // A browser's report reaches Sentry as it was stored: scrubbed.
    const browserReport = {
      kind: 'error',
      message: 'browser broke 5151 for code 123456',
      route: '/home?token=abc',
      release: '0.1.0+abc',
    };
    const reported = await app.inject({
      method: 'POST',
      url: '/api/reportClientError',
      payload: browserReport,
    });
    expect(reported.statusCode).toBe(200);

    const toSentry = () => recorder.received.filter((request) => request.url.startsWith('/api/42/envelope'));
    await until(
      () => toSentry().some((request) => request.body.includes('broken on purpose 4242')),
      'Sentry',
    );
    await until(
      () => toSentry().some((request) => request.body.includes('browser broke 5151 for code [code]')),
      "the browser's report at Sentry",
    );
    // Closing sends the spans still waiting in the batch.
    await app.close();
    const traces = recorder.received.filter((request) => request.url === '/v1/traces');
    expect(traces.map((request) => request.body).join('')).toContain('stillpoint-server');
    // The 400 above was a refusal, not an error of the server.
    expect(toSentry().some((request) => request.body.includes('body must be'))).toBe(false);
  });

  it("leave browsers' reports to the pages' own SDK when they have a DSN, and still send a 5xx", async () => {
    const app = await buildApp({
      config: testConfig({
        outsideObservability: {
          sentryDsn: `http://publickey@127.0.0.1:${recorder.port}/43`,
          otlpEndpoint: null,
          sentryBrowserDsn: 'https://browserkey@o1.ingest.sentry.io/44',
        },
      }),
      database,
    });
    app.get('/api/broken-for-this-test', async () => {
      throw new Error('broken on purpose 4343');
    });
    await app.ready();
    const reported = await app.inject({
      method: 'POST',
      url: '/api/reportClientError',
      payload: { kind: 'error', message: 'browser broke 5252', route: '/home', release: '0.1.0+abc' },
    });
    expect(reported.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/broken-for-this-test' })).statusCode).toBe(500);
    const toSentry = () => recorder.received.filter((request) => request.url.startsWith('/api/43/envelope'));
    await until(
      () => toSentry().some((request) => request.body.includes('broken on purpose 4343')),
      'Sentry',
    );
    // Closing sends whatever is still on its way: the stored report is not among it.
    await app.close();
    expect(toSentry().some((request) => request.body.includes('browser broke 5252'))).toBe(false);
  });
});
