import type { FastifyServerOptions } from 'fastify';

/** Structured JSON logs; credentials never reach them. */
export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: '[redacted]',
  },
});
