/**
 * Draws the first screen of the pages in src/app/prerender/pages.ts for a new visitor and writes
 * them to dist/.vite/prerendered.json, which the server puts into those pages' HTML (decisions 022
 * and 028) and the app hydrates (decision 040). Runs after `vite build`: the app's own code, loaded
 * through Vite, is rendered by React's server renderer in plain Node, with no browser globals, so
 * code that reads the browser while rendering fails the build here rather than the page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Another file when given one (the web unit tests take the drawings over from theirs).
const outFile = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.join(webRoot, 'dist/.vite/prerendered.json');

/** The destination the breathe page is drawn for, replaced by the server with the request's. */
const DESTINATION = 'first-screen-destination.invalid';
/** The sharer the referral landing is drawn for, replaced by the server with the request's name. */
const REFERRER = 'Firstscreenreferrer';

const vite = await createServer({
  root: webRoot,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
});
try {
  const { PRERENDERED_PAGES } = await vite.ssrLoadModule('/src/app/prerender/pages.ts');
  // Each page is drawn as the document a browser loaded at its address (payment pages check it).
  const { documentLoad } = await vite.ssrLoadModule('/src/app/payment-page-load.ts');
  let drawing = '/';
  documentLoad.path = () => drawing;
  const { renderFirstScreen } = await vite.ssrLoadModule('/src/app/prerender/render-first-screen.tsx');
  // The server writes a public page's head from core's WEB_PAGE_META: its drawing must agree.
  const { publicWebPageAt, webPageTitle, SHARED_BY_NAME_PARAM } =
    await vite.ssrLoadModule('@stillpoint/core');
  const pages = {};
  for (const [
    pagePath,
    { unlessStored, unlessQuery = [], namesDestination, namesReferrer, carriesOnBreathing },
  ] of Object.entries(PRERENDERED_PAGES)) {
    // A key marked `!` (a session token) is one the page is drawn with.
    const draw = async (url) => {
      drawing = new URL(url, 'http://localhost').pathname;
      const html = await renderFirstScreen(url, unlessStored);
      if (!html.trim()) throw new Error(`prerender: ${url} drew nothing`);
      return html;
    };
    // React writes the page's <title> ahead of a drawing that is not a whole document; it belongs
    // in the head, where the server puts it and the app finds it.
    const [, title, html] = /^(?:<title>([^<]*)<\/title>)?([\s\S]*)$/.exec(await draw(pagePath));
    if (/<(meta|link)[\s>]/.test(html)) throw new Error(`prerender: ${pagePath} hoists more than a title`);
    const publicPage = publicWebPageAt(pagePath);
    if (publicPage && title !== webPageTitle(publicPage))
      throw new Error(
        `prerender: ${pagePath} is titled "${title}", not core's "${webPageTitle(publicPage)}"`,
      );
    // The server sets how far along the circle is through its class (first-screens.ts).
    if (carriesOnBreathing && !html.includes('breathe-circle'))
      throw new Error(`prerender: ${pagePath} draws no breathing circle`);
    const page = {
      html,
      ...(title ? { title } : {}),
      unlessStored,
      unlessQuery,
      ...(carriesOnBreathing ? { carriesOnBreathing } : {}),
    };
    /** The page drawn for a query naming `placeholder`, which the server fills in per request. */
    const drawnNaming = async (query, placeholder) => {
      // The server writes the head, with the title for the request's query.
      const named = (await draw(`${pagePath}?${query}`)).replace(/^<title>[^<]*<\/title>/, '');
      if (!named.includes(placeholder))
        throw new Error(`prerender: ${pagePath} does not name ${placeholder} from ${query}`);
      return { html: named, placeholder };
    };
    if (namesDestination)
      page.destination = await drawnNaming(`returnUrl=https://${DESTINATION}/`, DESTINATION);
    if (namesReferrer) page.referrer = await drawnNaming(`${SHARED_BY_NAME_PARAM}=${REFERRER}`, REFERRER);
    pages[pagePath] = page;
  }
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(pages, null, 2)}\n`);
  console.log(`prerendered ${Object.keys(pages).join(', ')}`);
} catch (error) {
  console.error('prerender failed:', error);
  process.exitCode = 1;
} finally {
  // A drawn page may have started loading a lazy module (the sign-in methods load while the
  // session check runs); closing Vite fails that load, and nothing is waiting for it any more.
  process.on('unhandledRejection', () => undefined);
  await vite.close();
}
// Requests left unanswered and the app's timers must not keep the build waiting.
process.exit();
