import {
  endpoints,
  NEWSLETTER_TOKEN_PARAM,
  NEWSLETTER_TOKEN_PATTERN,
  newsletterLinkPaths,
} from '@stillpoint/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { linkRateLimits } from './limits';
import {
  confirmNewsletter,
  joinNewsletter,
  type NewsletterDependencies,
  unsubscribeNewsletter,
} from './service';

/** What a mail client posts to the one-click address is ignored, but read no further than this. */
const ONE_CLICK_BODY_LIMIT = 4 * 1024;

export function registerNewsletterRoutes(app: FastifyInstance, deps: NewsletterDependencies): void {
  registerEndpoint(app, endpoints.joinNewsletter, ({ body }) => joinNewsletter(deps, body), {
    rateLimit: rateLimits.newsletter,
  });
  registerEndpoint(app, endpoints.confirmNewsletter, ({ body }) => confirmNewsletter(deps, body), {
    rateLimit: linkRateLimits.confirm,
  });
  registerEndpoint(app, endpoints.unsubscribeNewsletter, ({ body }) => unsubscribeNewsletter(deps, body), {
    rateLimit: linkRateLimits.unsubscribe,
  });
  registerOneClickUnsubscribe(app, deps);
}

/**
 * The List-Unsubscribe address (RFC 8058). A mail client's own unsubscribe button posts to it,
 * with `List-Unsubscribe=One-Click` as a form body and no cookie or sign-in: the key in the address
 * is all it takes. Opened in a browser instead (a GET, which mail scanners also make), it changes
 * nothing and leads to the unsubscribe page with its button.
 */
function registerOneClickUnsubscribe(app: FastifyInstance, deps: NewsletterDependencies): void {
  app.register(async (scope) => {
    // Clients send a form (urlencoded or multipart) whose content the key in the address makes
    // redundant: any body is taken as text and left unread, inside this plugin only.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    const route = { config: { rateLimit: linkRateLimits.oneClickUnsubscribe } };

    scope.post(newsletterLinkPaths.oneClickUnsubscribe, route, async (request) => {
      const token = tokenOf(request);
      if (!token) throw new AppError('BAD_REQUEST', 'This unsubscribe link is not complete.');
      const { status } = await unsubscribeNewsletter(deps, { token });
      if (status === 'invalid') throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid.');
      return { success: true, data: { status } };
    });

    scope.get(newsletterLinkPaths.oneClickUnsubscribe, route, async (request, reply) => {
      const token = tokenOf(request) ?? '';
      const page = `${newsletterLinkPaths.unsubscribe}?${new URLSearchParams({ [NEWSLETTER_TOKEN_PARAM]: token })}`;
      return reply.header('cache-control', 'no-store').redirect(page, 303);
    });
  });
}

/** The link's key from the address, or null when it is missing or no key could look like it. */
function tokenOf(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.[NEWSLETTER_TOKEN_PARAM];
  return typeof value === 'string' && NEWSLETTER_TOKEN_PATTERN.test(value) ? value : null;
}
