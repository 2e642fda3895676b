import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { registerEndpoint } from '../../http/endpoint';
import { appLinks } from './service';

export function registerAppLinksRoutes(app: FastifyInstance, { config }: { config: Config }): void {
  // Built from configuration once; it changes only with a deploy, so caches may keep it an hour.
  const links = appLinks(config);
  registerEndpoint(app, endpoints.getAppLinks, ({ reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return links;
  });
}
