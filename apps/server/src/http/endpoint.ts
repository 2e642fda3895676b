import { type Endpoint, successSchema } from '@stillpoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

// `query?`/`body?` are optional on Endpoint, so strip undefined before asking which schema is there.
type Input<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.ZodType
    ? z.output<NonNullable<S>>
    : undefined;

export interface EndpointContext<E extends Endpoint> {
  query: Input<E['query']>;
  body: Input<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one SPEC §7 call from its core definition: the same zod schemas validate the request,
 * serialise the response inside the success envelope, and describe it in OpenAPI. Handlers
 * return plain data; failures are thrown as AppError.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: EndpointContext<E>) => Promise<z.input<E['response']>> | z.input<E['response']>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.auth === 'public' ? 'public' : 'user'],
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: successSchema(endpoint.response) },
    },
    handler: async (request, reply) => {
      const data = await handler({
        query: request.query as Input<E['query']>,
        body: request.body as Input<E['body']>,
        request,
        reply,
      });
      return { success: true as const, data };
    },
  });
}
