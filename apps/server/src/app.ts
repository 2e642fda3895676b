import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandling } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { registerWebApp } from './http/web-app';
import { loggerOptions } from './logger';
import { registerHealthRoutes } from './modules/health/routes';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
}

/** Builds the whole server without listening, so tests drive it with app.inject(). */
export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logFormat === 'pretty'),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await registerOpenApi(app, config.publicUrl);

  registerHealthRoutes(app, database);

  await registerWebApp(app, config.webDistDir);
  return app;
}
