import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  brand,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_WINDOW_HOURS,
} from '@stillpoint/core';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requireBearerToken } from './bearer-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call takes an Idempotency-Key header (http/endpoint.ts sets it from the core endpoint). */
    takesIdempotencyKey?: boolean;
  }
}

/** Where the OpenAPI document (`/json`, `/yaml`) and its UI are served. */
export const API_DOCS_PATH = '/api/docs';

/** Who reads /api/docs (docs/configuration.md, API_DOCS_PUBLIC). */
export interface ApiDocsAccess {
  /** Everyone (API_DOCS_PUBLIC; by default in development and test). */
  public: boolean;
  /** Otherwise, the bearer token that reads them (METRICS_TOKEN); null: there are none (404). */
  token: string | null;
}

/**
 * OpenAPI generated from the core zod schemas the routes are registered with; UI at /api/docs.
 * Not public, every file under /api/docs asks for the token; without a token they do not exist and
 * /api/docs answers the API's 404.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  publicUrl: string,
  access: ApiDocsAccess,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${brand.name} API`,
        description:
          'Every success is `{ success: true, data }`; every failure is `{ success: false, error, code }`. ' +
          'Calls tagged `user` need `Authorization: Bearer <session token>`.',
        version: '1.4.0',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      return input.route.config?.takesIdempotencyKey
        ? { ...output, schema: withIdempotencyKeyHeader(output.schema) }
        : output;
    },
  });
  const { token } = access;
  if (!access.public && token === null) return;
  // A scope of their own: the token check covers the UI's files too, and nothing outside /api/docs.
  await app.register(async (docs) => {
    if (!access.public && token !== null) {
      docs.addHook(
        'onRequest',
        requireBearerToken(
          token,
          'The API documentation needs a token: send it as Authorization: Bearer <METRICS_TOKEN>.',
        ),
      );
    }
    await docs.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
  });
}

/**
 * The Idempotency-Key header in a call's document. Only the document: the key is read and checked
 * by http/idempotency.ts, so validation never depends on this description.
 */
function withIdempotencyKeyHeader(schema: FastifySchema): FastifySchema {
  return {
    ...schema,
    headers: {
      type: 'object',
      properties: {
        [IDEMPOTENCY_KEY_HEADER]: {
          type: 'string',
          pattern: IDEMPOTENCY_KEY_PATTERN.source,
          description:
            `One key per press. The same key from the same caller within ${IDEMPOTENCY_WINDOW_HOURS} hours ` +
            'gets the first answer again (with Idempotent-Replayed: true) and creates nothing new; ' +
            '409 while the first is still being handled, 422 for the same key with other input.',
        },
      },
    },
  };
}
