import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { type DestinationStream, stdSerializers } from 'pino';

/** Query parameters whose values are credentials or personal data: an OAuth code, a link's token. */
const SECRET_QUERY_PARAMETER = /code|token|secret|key|password|otp|signature|state|phone|email/i;

/** A request's URL as logged: the values of secret-looking query parameters are replaced. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_QUERY_PARAMETER.test(decodeURIComponentSafely(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, queryStart)}?${query.join('&')}`;
}

const decodeURIComponentSafely = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * An error as logged. A failed query (Drizzle's DrizzleQueryError) carries its parameters, in a
 * field and inside its message and stack: what a person typed, a phone number, a token. The SQL
 * stays, since it names no value; the parameters are only counted.
 */
export function loggableError(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error);
  const params = (error as { params?: unknown }).params;
  if (!Array.isArray(params)) return serialized;
  const written = `\nparams: ${String(params)}`;
  const counted = `\nparams: [${params.length} redacted]`;
  for (const key of ['message', 'stack'] as const) {
    const text = serialized[key];
    serialized[key] = text.split(written).join(counted);
  }
  delete (serialized as { params?: unknown }).params;
  return serialized;
}

/**
 * Where credentials could sit in a record: request and response headers, and the fields a service
 * might log by name. Services mask what they log themselves (observability/log-masking.ts); these
 * paths catch the rest. `code` is not among them: it is an error's code (ECONNREFUSED) far more
 * often, and no service logs a sign-in code under any name.
 */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-outbox-key"]',
  'res.headers["set-cookie"]',
  'res.headers["set-auth-token"]',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  'authorization',
  'otp',
  'token',
  'sessionToken',
  'phoneNumber',
  'password',
  'cardNumber',
  '*.otp',
  '*.token',
  '*.sessionToken',
  '*.phoneNumber',
  '*.password',
  '*.cardNumber',
];

/**
 * Structured JSON logs; credentials never reach them. `pretty` renders the same records as lines
 * for a person watching a terminal. `destination` replaces standard output, e.g. for a test that
 * reads what was logged.
 */
export const loggerOptions = (
  level: string,
  pretty: boolean,
  destination?: DestinationStream,
): FastifyServerOptions['logger'] => ({
  level,
  ...(destination
    ? { stream: destination }
    : pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
          },
        }
      : {}),
  serializers: {
    err: loggableError,
    // Fastify's own, except for the URL: a query string may carry a code or a token.
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: loggableUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
  redact: { paths: redactedPaths, censor: '[redacted]' },
});
