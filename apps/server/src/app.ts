import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAuth } from './auth';
import { registerDevIdentityProvider } from './auth/dev-identity-provider';
import { identityProviders } from './auth/identity-providers';
import { registerAuthRoutes } from './auth/routes';
import { sessionUserFromBearer } from './auth/session';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandling } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { registerRateLimiting } from './http/rate-limit';
import { registerWebApp } from './http/web-app';
import { createSmsSetup, type SmsSender } from './integrations/sms';
import { loggerOptions } from './logger';
import { registerAccountRoutes } from './modules/account/routes';
import { registerDevOutboxRoutes } from './modules/dev-outbox/routes';
import { registerExtensionLinkRoutes } from './modules/extension-link/routes';
import { registerHealthRoutes } from './modules/health/routes';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Replaces the configured SMS delivery (Twilio and/or the outbox), e.g. a sender that fails. */
  smsSender?: SmsSender;
}

/** Builds the whole server without listening, so tests drive it with app.inject(). */
export async function buildApp({ config, database, smsSender }: AppDependencies): Promise<FastifyInstance> {
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
  // Before any route: the limiter attaches itself to routes as they are registered.
  await registerRateLimiting(app, config);

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

  const sms = createSmsSetup(config, app.log);
  const providers = identityProviders(config);
  const auth = createAuth({
    config,
    database,
    smsSender: smsSender ?? sms.smsSender,
    log: app.log,
    providers,
  });
  registerAuthentication(app, (authorization) => sessionUserFromBearer(auth, authorization));
  await registerAuthRoutes(app, auth, {
    publicUrl: config.publicUrl,
    testPhoneNumbers: config.auth.testPhoneNumbers,
  });
  if (config.auth.devIdentityProvider) await registerDevIdentityProvider(app, config);

  registerHealthRoutes(app, database);
  registerAccountRoutes(app, { config, db: database.db, providers: providers.info });
  registerExtensionLinkRoutes(app, { db: database.db, auth });
  if (sms.outbox) registerDevOutboxRoutes(app, sms.outbox);

  await registerWebApp(app, config.webDistDir);
  return app;
}
