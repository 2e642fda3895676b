import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  brand,
  isPaymentPagePath,
  isWebPagePath,
  NOT_FOUND_DRAWING_PATH,
  publicWebPageAt,
  robotsTxt,
  SENTRY_DSN_META_NAME,
  SERVER_OWN_PATH_PREFIXES,
  SHARED_BY_NAME_PARAM,
  sharedPageHead,
  sitemapXml,
  WEB_PAGES,
  webPageKey,
} from '@stillpoint/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendApiNotFound } from './errors';
import {
  FIRST_SCREEN_GUARD_SOURCE,
  firstScreenFor,
  readFirstScreens,
  withFirstScreen,
} from './first-screens';
import { pageHeadTags, readSocialImages, withPageHead } from './page-heads';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Written by the web build (`apps/web/vite.config.ts`): for each route path, the chunks and the
 * CSS its page needs beyond what index.html already loads (decision 021).
 */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

export interface WebAppOptions {
  /** The public origin (config's PUBLIC_URL): robots.txt and the sitemap name absolute addresses. */
  publicUrl: string;
  /** The app's own Content-Security-Policy directives (helmet's), which every other page keeps. */
  pagePolicy: Record<string, string[]>;
  /**
   * The Content-Security-Policy directives for the documents of the payment pages, which may load
   * Stripe; every other page keeps the policy helmet set for the whole app.
   */
  paymentPagePolicy: Record<string, string[]>;
  /** Sentry's browser DSN and environment, which every document then carries (decision 052); null: none. */
  errorTracking?: { dsn: string; environment: string } | null;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the `<meta>` that gives the web app Sentry's browser DSN (core's
 * SENTRY_DSN_META_NAME), when one is configured; unchanged otherwise.
 */
export function withErrorTracking(
  html: string,
  errorTracking: { dsn: string; environment: string } | null | undefined,
): string {
  if (!errorTracking || !html.includes('</head>')) return html;
  const meta = `<meta name="${SENTRY_DSN_META_NAME}" content="${escapeAttribute(errorTracking.dsn)}" data-environment="${escapeAttribute(errorTracking.environment)}">`;
  return html.replace('</head>', `  ${meta}\n  </head>`);
}

export type Encoding = 'br' | 'gzip';

/** Compresses a page as the build compresses its files: brotli at its best, gzip at level 9. */
export const compressPage = (identity: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } })
    : gzipSync(identity, { level: zlib.Z_BEST_COMPRESSION });

/**
 * One version of index.html. Each compressed copy is made the first time a browser asks for that
 * encoding of that page, then kept: compressing every page at its best at startup delayed the
 * server's readiness, more with every page added, for pages that may never be asked for.
 */
/** For a page made for one request: brotli at a quality that costs well under a millisecond. */
const compressPageQuickly = (identity: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(identity, { level: 6 });

export class HtmlDocument {
  readonly identity: Buffer;
  private readonly copies = new Map<Encoding, Buffer>();

  constructor(
    html: string,
    /** It carries a first screen and its guard script (decision 022). */
    readonly firstScreen = false,
    private readonly compress = compressPage,
  ) {
    this.identity = Buffer.from(html, 'utf8');
  }

  /** The document in `encoding` (none: as it is). */
  body(encoding: Encoding | null): Buffer {
    if (!encoding) return this.identity;
    let copy = this.copies.get(encoding);
    if (!copy) {
      copy = this.compress(this.identity, encoding);
      this.copies.set(encoding, copy);
    }
    return copy;
  }
}

/**
 * The encoding to send a document in, from the request's Accept-Encoding (RFC 9110 §12.5.3):
 * brotli, then gzip, or none. `*` stands for any encoding not named; `q=0` refuses one.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    if (name) weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** The key a page path is looked up by: the client router matches paths case-insensitively. */
const pageKey = webPageKey;

/** Tells crawlers not to keep the not-found page, in its head as well as in its headers. */
const NO_INDEX_META = '<meta name="robots" content="noindex">';

/** A page's document for the request's query string. */
type PageDocuments = (search: string) => HtmlDocument;

interface RoutePreloads {
  [routePath: string]: { scripts?: string[]; styles?: string[] };
}

/** Only our own built files go into the document. */
const isAssetUrl = (url: unknown): url is string =>
  typeof url === 'string' && /^\/assets\/[\w.-]+$/.test(url);

/**
 * index.html for every page path, made once at startup (compressed on first use): each route the web build listed gets a
 * copy that preloads its own chunks, so the browser fetches them alongside the entry chunk
 * instead of after it has run, and the pages drawn at build time carry their first screen
 * (decision 022). A public page's head names it (core's WEB_PAGE_META, page-heads.ts): title,
 * description, canonical address on `publicUrl`, Open Graph and Twitter tags with its social image;
 * the referral landing's is made per request, naming the sharer. A signed-in page keeps
 * index.html's head; a path that is no page (core's WEB_PAGES) gets the not-found page, drawn at
 * build time when the build drew it, marked noindex.
 */
function loadDocuments(
  app: FastifyInstance,
  webDistDir: string,
  { publicUrl, errorTracking }: Pick<WebAppOptions, 'publicUrl' | 'errorTracking'>,
) {
  const indexHtml = withErrorTracking(
    readFileSync(path.join(webDistDir, 'index.html'), 'utf8'),
    errorTracking,
  );
  const preloadsFile = path.join(webDistDir, ROUTE_PRELOADS_FILE);
  let preloads: RoutePreloads = {};
  try {
    preloads = JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreloads;
  } catch (error) {
    app.log.warn({ preloadsFile, error }, 'no route preloads; pages load their chunks after the entry');
  }
  const { [NOT_FOUND_DRAWING_PATH]: notFoundScreen, ...firstScreens } = readFirstScreens(webDistDir);
  /** index.html with the chunks of the page at `page` (a key) preloaded, and `more` in its head. */
  const preloadedFor = (page: string, more: string[] = []) => {
    const routePath = Object.keys(preloads).find((key) => pageKey(key) === page);
    const { scripts = [], styles = [] } = (routePath && preloads[routePath]) || {};
    const tags = [
      ...more,
      ...styles.filter(isAssetUrl).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...scripts.filter(isAssetUrl).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ];
    return tags.length > 0 && indexHtml.includes('</head>')
      ? indexHtml.replace('</head>', `${tags.join('\n    ')}\n  </head>`)
      : indexHtml;
  };
  const origin = new URL(publicUrl).origin;
  const social = readSocialImages(webDistDir);
  if (!social) app.log.warn({ webDistDir }, 'no social images; shared links show no picture');
  const pages = new Set(
    [...Object.keys(WEB_PAGES), ...Object.keys(preloads), ...Object.keys(firstScreens)]
      .map(pageKey)
      .filter(isWebPagePath),
  );
  const byPage = new Map<string, PageDocuments>();
  for (const page of pages) {
    const publicPage = publicWebPageAt(page);
    // A public page's head says what it is, for search results and link previews; a signed-in
    // page keeps index.html's generic head (robots.txt keeps crawlers out of it).
    const headFor = (search: string) => {
      if (!publicPage) return null;
      const head = sharedPageHead(publicPage, new URLSearchParams(search).get(SHARED_BY_NAME_PARAM));
      return { head, html: withPageHead(preloadedFor(page), head.title, pageHeadTags(head, origin, social)) };
    };
    const fixed = headFor('');
    const html = fixed?.html ?? preloadedFor(page);
    const found = Object.entries(firstScreens).find(([key]) => pageKey(key) === page)?.[1];
    // The head's title is the page's own (core's WEB_PAGE_META), the one its drawing shows too.
    const screen = found && publicPage ? { ...found, title: undefined } : found;
    const plain = new HtmlDocument(html);
    /** The page's head for this request, when its query changes it (a referral link's sharer). */
    const ownHead = (search: string) => {
      if (!fixed || !search) return null;
      const forQuery = headFor(search);
      return forQuery && forQuery.head.title !== fixed.head.title ? forQuery.html : null;
    };
    if (!screen) {
      byPage.set(page, (search) => {
        const headed = ownHead(search);
        return headed === null ? plain : new HtmlDocument(headed, false, compressPageQuickly);
      });
      continue;
    }
    const drawn = new HtmlDocument(withFirstScreen(html, screen), true);
    byPage.set(page, (search) => {
      const forQuery = firstScreenFor(screen, search);
      const headed = ownHead(search);
      if (forQuery === null)
        return headed === null ? plain : new HtmlDocument(headed, false, compressPageQuickly);
      if (forQuery === screen && headed === null) return drawn;
      // Made for this request only (the breathe page's destination, the referral's sharer):
      // compressed quickly, not kept.
      return new HtmlDocument(withFirstScreen(headed ?? html, forQuery), true, compressPageQuickly);
    });
  }
  const fallback = new HtmlDocument(indexHtml);
  // The catch-all's chunks, which the web build lists under the not-found drawing's path.
  const notFoundHtml = preloadedFor(pageKey(NOT_FOUND_DRAWING_PATH), [NO_INDEX_META]);
  const notFound = notFoundScreen
    ? new HtmlDocument(withFirstScreen(notFoundHtml, notFoundScreen), true)
    : new HtmlDocument(notFoundHtml);
  return {
    page: (pathname: string, search: string) => byPage.get(pageKey(pathname))?.(search) ?? fallback,
    notFound,
  };
}

/**
 * robots.txt and sitemap.xml, from core's page list and the configured public origin, which the
 * build does not know. Short-lived in caches: they change with a release, not with each visit.
 */
function registerCrawlerFiles(app: FastifyInstance, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  const robots = robotsTxt(origin);
  const sitemap = sitemapXml(origin);
  const cacheControl = 'public, max-age=3600';
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', cacheControl).type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply.header('cache-control', cacheControl).type('application/xml; charset=utf-8').send(sitemap),
  );
}

/**
 * Serves the built single-page app from the API's own origin. Hashed assets are cached for a
 * year; index.html never is, so a new build reaches people on their next visit. Files are sent
 * brotli- or gzip-compressed when the browser accepts it, from the copies the build wrote next to
 * them. Every page path of core's list gets index.html and the client router draws it; a page's
 * copy preloads that page's chunks, and the payment pages' copy carries their own
 * Content-Security-Policy. Any other path that is neither a file nor under /api gets the
 * not-found page with status 404. robots.txt and sitemap.xml are written from core's page list.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | null,
  { publicUrl, pagePolicy, paymentPagePolicy, errorTracking }: WebAppOptions,
): Promise<void> {
  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const hasBuild = indexHtml !== null && existsSync(indexHtml);
  registerCrawlerFiles(app, publicUrl);
  let documentFor: ReturnType<typeof loadDocuments> | null = null;
  if (hasBuild && webDistDir) {
    documentFor = loadDocuments(app, webDistDir, { publicUrl, errorTracking });
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed names: the build's chunks and the social images (a new image gets a new name).
        const immutable = [`${path.sep}assets${path.sep}`, `${path.sep}social${path.sep}`].some((dir) =>
          filePath.includes(dir),
        );
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app build not found; only the API is served');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendApiNotFound(request, reply);
    }
    if (!documentFor) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          `The ${brand.name} web app is not built yet. Run \`npm run build\`, or use \`npm start\`, which builds it.`,
        );
    }
    const [pathname = request.url, ...query] = request.url.split('?');
    const search = query.length > 0 ? `?${query.join('?')}` : '';
    // A hashed file that is not there (a tab opened before a new release asks for its old chunks)
    // must fail as a file, or the browser would try to run the page as a script.
    if (pathname.startsWith('/assets/')) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Not found. Reload the page to get the latest version.');
    }
    // The payment provider's own pages are not the app's: an address there that is not one of
    // them gets no app page either.
    if (SERVER_OWN_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Not found.');
    }
    const isPage = isWebPagePath(pathname);
    // Not one of the app's pages: the not-found page, with the status that says so (SPEC §2).
    const document = isPage ? documentFor.page(pathname, search) : documentFor.notFound;
    if (!isPage) reply.status(404).header('x-robots-tag', 'noindex');
    // Helmet has already set the app's policy; a payment page's, or a page with the first screen's
    // guard (its one inline script, allowed by its hash), sets the headers again.
    const policy = isPaymentPagePath(pathname) ? paymentPagePolicy : pagePolicy;
    if (document.firstScreen) {
      const scriptSrc = [...(policy.scriptSrc ?? ["'self'"]), FIRST_SCREEN_GUARD_SOURCE];
      reply.helmet({ contentSecurityPolicy: { directives: { ...policy, scriptSrc } } });
    } else if (policy === paymentPagePolicy) {
      reply.helmet({ contentSecurityPolicy: { directives: paymentPagePolicy } });
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(document.body(encoding));
  });
}
