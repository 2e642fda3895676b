import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { brand } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the core zod schemas the routes are registered with; UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
