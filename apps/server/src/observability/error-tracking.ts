import * as Sentry from '@sentry/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Sends the server's unexpected errors (answered with a 5xx) to Sentry (SENTRY_DSN;
 * docs/observability.md, "Sentry and OpenTelemetry"). Expected refusals (4xx) are not errors of the
 * server and stay out. Only errors: no traces (OpenTelemetry does those) and no request bodies or
 * headers, which can hold what the logs never may. Browsers' error reports reach Sentry through the
 * server, after scrubbing and as the cookie choice allowed (forwardClientError). Loaded by app.ts
 * only when configured.
 */
export function registerErrorTracking(
  app: FastifyInstance,
  { dsn, environment }: { dsn: string; environment: string },
): ErrorTracking {
  Sentry.init({
    dsn,
    environment,
    // No tracer provider of Sentry's beside OpenTelemetry's own (tracing.ts), and no load-time
    // rewriting of other packages: only errors go to Sentry.
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    // Nothing about the person or the request: the logs' rule (log-masking.ts) holds here too.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    defaultIntegrations: false,
    integrations: [Sentry.onUncaughtExceptionIntegration(), Sentry.onUnhandledRejectionIntegration()],
  });
  // onError hears of the error before the error handler has chosen its status; onResponse knows the
  // status sent. An error is reported when its answer was a 5xx.
  const errors = new WeakMap<FastifyRequest, Error>();
  app.addHook('onError', async (request, _reply, error) => {
    errors.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    const error = errors.get(request);
    if (!error || reply.statusCode < 500) return;
    Sentry.captureException(error, {
      tags: { route: request.routeOptions.url ?? 'unmatched', method: request.method },
      extra: { requestId: request.id },
    });
  });
  // Reports still on their way are sent before the process leaves, for at most 2 seconds.
  app.addHook('onClose', async () => {
    await Sentry.close(2000);
  });
  return {
    forwardClientError: (report) =>
      Sentry.captureEvent({
        level: 'error',
        message: report.message,
        // The same error from many browsers is one issue.
        fingerprint: ['browser', report.kind, report.message],
        tags: { source: 'browser', kind: report.kind, route: report.route },
        release: report.release,
        extra: { stack: report.stack, userAgent: report.userAgent },
      }),
  };
}

/** A browser's error report as stored, scrubbed (modules/client-errors). */
export interface ForwardedClientError {
  kind: string;
  message: string;
  stack: string | null;
  route: string;
  release: string;
  userAgent: string | null;
}

export interface ErrorTracking {
  /** Passes a browser's stored error report on to Sentry, as it was stored: scrubbed, without the person. */
  forwardClientError: (report: ForwardedClientError) => void;
}
