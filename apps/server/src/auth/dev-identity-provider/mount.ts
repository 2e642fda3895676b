import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { loadOnFirstUse } from '../../load-on-first-use';
import { type DevIdp, devIdpPath } from '../identity-providers/stand-in-clients';

/**
 * Hands every other request under the issuer's path (discovery, authorization, token, JWKS,
 * userinfo) to oidc-provider's own Koa handler, untouched: Fastify neither parses the body nor
 * writes the reply.
 */
export async function mountProvider(
  scope: FastifyInstance,
  idp: DevIdp,
  provider: () => Promise<Provider>,
): Promise<void> {
  const prefix = devIdpPath(idp);
  const handler = loadOnFirstUse(async () => (await provider()).callback());

  // Leave request bodies unread; oidc-provider reads and size-checks them itself.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

  scope.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${prefix}/*`,
    handler: async (request, reply) => {
      const handle = await handler();
      reply.hijack();
      // Like an Express mount: the provider routes on the rest of the path and reads its mount
      // point from baseUrl when it builds absolute URLs (discovery, redirects).
      const raw: IncomingMessage & { baseUrl?: string } = request.raw;
      raw.url = (raw.url ?? '').slice(prefix.length) || '/';
      raw.baseUrl = prefix;
      await handle(raw, reply.raw);
    },
  });
}
