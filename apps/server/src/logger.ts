import type { FastifyServerOptions } from 'fastify';

/**
 * Structured JSON logs; credentials never reach them. `pretty` renders the same records as lines
 * for a person watching a terminal.
 */
export const loggerOptions = (level: string, pretty: boolean): FastifyServerOptions['logger'] => ({
  level,
  ...(pretty
    ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } }
    : {}),
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: '[redacted]',
  },
});
