import { endpoints, QUOTES, type QuoteView } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';

// The quotes ship with the code, so the list is built once; sources stay out of the answer.
const quotes: QuoteView[] = QUOTES.map(({ id, quote, author }) => ({ id, quote, author }));

export function registerQuotesRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getQuotes, ({ reply }) => {
    // They change only with a release; an hour in a cache costs nothing.
    reply.header('cache-control', 'public, max-age=3600');
    return quotes;
  });
}
