import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { brand, isPaymentPagePath } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './errors';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export interface WebAppOptions {
  /**
   * The Content-Security-Policy directives for the documents of the payment pages, which may load
   * Stripe; every other page keeps the policy helmet set for the whole app.
   */
  paymentPagePolicy: Record<string, string[]>;
}

/**
 * Serves the built single-page app from the API's own origin. Hashed assets are cached for a
 * year; index.html never is, so a new build reaches people on their next visit. Every path that
 * is neither a file nor under /api gets index.html and the client router decides; the payment
 * pages' copy carries their own Content-Security-Policy.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | null,
  { paymentPagePolicy }: WebAppOptions,
): Promise<void> {
  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const hasBuild = indexHtml !== null && existsSync(indexHtml);
  if (hasBuild && webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app build not found; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendApiNotFound(request, reply);
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          `The ${brand.name} web app is not built yet. Run \`npm run build\`, or use \`npm start\`, which builds it.`,
        );
    }
    const pathname = request.url.split('?')[0] ?? request.url;
    // A hashed file that is not there (a tab opened before a new release asks for its old chunks)
    // must fail as a file, or the browser would try to run the page as a script.
    if (pathname.startsWith('/assets/')) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Not found. Reload the page to get the latest version.');
    }
    // Helmet has already set the app's policy; this sets the headers again with the payment one.
    if (isPaymentPagePath(pathname))
      reply.helmet({ contentSecurityPolicy: { directives: paymentPagePolicy } });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
