import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ALREADY_BREATHING_PROPERTY,
  breathingAlreadyMs,
  escapeHtml,
  hostOf,
  interceptReturnUrl,
  readBreatheQuery,
  referrerDisplayName,
  SHARED_BY_NAME_PARAM,
} from '@stillpoint/core';

/**
 * Written by the web build (`apps/web/scripts/prerender.mjs`): for a few public pages, the markup
 * of their first screen as a new visitor sees it, and the stored keys that mean another visitor
 * may see something else (decision 022).
 */
const FIRST_SCREENS_FILE = path.join('.vite', 'prerendered.json');

/** A first screen drawn for a placeholder that names something from the request's query. */
export interface NamedDrawing {
  html: string;
  placeholder: string;
}

export interface FirstScreen {
  html: string;
  /** The page's title, as HTML text: it goes in the head, where the app finds it. */
  title?: string;
  /**
   * `local:key` or `session:key`: present in the browser's storage, the drawing is dropped.
   * `!local:key`: the drawing is dropped when the key is absent (a page drawn for a signed-in person).
   */
  unlessStored: string[];
  /** Query parameters that change the first screen: with any of them the page is sent without it. */
  unlessQuery?: string[];
  /**
   * The breathe page names where the pause leads ("A moment before example.com"): the same screen
   * drawn for a destination written as `placeholder`, which the server replaces with the request's.
   */
  destination?: NamedDrawing;
  /**
   * The referral landing names who shared the link ("Sam invited you to Stillpoint"): the same
   * screen drawn for a name written as `placeholder`, which the server replaces with the request's.
   */
  referrer?: NamedDrawing;
  /**
   * The breathe page carries on a pause the extension's first screen began (`breathingSince`): its
   * circle is drawn as far along as the pause already is, not starting small again.
   */
  carriesOnBreathing?: boolean;
}

/** The drawing as one request gets it. */
export interface DrawnScreen extends Pick<FirstScreen, 'html' | 'title' | 'unlessStored'> {
  /**
   * Put in the root before the drawing, outside what the app hydrates (decision 040), so the
   * guard drops it with the drawing: the style that carries the breathing circle on.
   */
  before?: string;
}

/**
 * Runs before the first paint, right after the drawing: for a visitor with any of the listed keys
 * stored (a kept place, quiz answers, a sign-in), or without a key marked `!` (the breathe page is
 * drawn for a signed-in person), it empties the root, so they never see a screen that is not
 * theirs; the app then draws theirs. Storage that cannot be read keeps the drawing.
 */
export const FIRST_SCREEN_GUARD = `(function(){var r=document.getElementById('root');if(!r)return;var k=(r.getAttribute('data-unless-stored')||'').split(' ');for(var i=0;i<k.length;i++){var n=k[i].charAt(0)==='!',e=n?k[i].slice(1):k[i],c=e.indexOf(':');if(c<0)continue;try{var s=e.slice(0,c)==='session'?sessionStorage:localStorage;if((s.getItem(e.slice(c+1))!==null)!==n){r.textContent='';return}}catch(x){}}})();`;

/** The guard's hash for the Content-Security-Policy, which allows no other inline script. */
export const FIRST_SCREEN_GUARD_SOURCE = `'sha256-${createHash('sha256').update(FIRST_SCREEN_GUARD).digest('base64')}'`;

/**
 * Sent after the drawing, outside what the app hydrates, and removed by the app once it has taken
 * the drawing over (main.tsx). The drawing is inert, so it takes no tap and a screen reader skips
 * it: this tells a screen reader the page is loading, and, should the app's code never arrive (a
 * lost connection, a blocked script), shows everyone after a while what to do rather than a page
 * that silently does nothing. The styles are the web app's (`.first-screen-notice-*` in styles.css).
 */
export const FIRST_SCREEN_NOTICE =
  '<p class="first-screen-notice" role="status" data-first-screen-notice>' +
  '<span class="first-screen-notice-loading">Loading Stillpoint…</span>' +
  '<span class="first-screen-notice-card first-screen-notice-slow">Stillpoint is taking longer than usual to load. Check your connection, then <a href="">reload the page</a>.</span>' +
  '</p>' +
  '<noscript><p class="first-screen-notice-card">Stillpoint needs JavaScript. Turn it on in your browser’s settings, then reload the page.</p></noscript>';

/** The build's first screens by page path, or none when the build wrote none. */
export function readFirstScreens(webDistDir: string): Record<string, FirstScreen> {
  try {
    return JSON.parse(readFileSync(path.join(webDistDir, FIRST_SCREENS_FILE), 'utf8')) as Record<
      string,
      FirstScreen
    >;
  } catch {
    return {};
  }
}

/**
 * index.html with the page's first screen inside its root, and the guard after it. The app's code
 * is then not needed to paint, so its scripts ask for a low priority: the stylesheet, which the
 * first screen does need, comes first.
 */
export function withFirstScreen(indexHtml: string, screen: DrawnScreen): string {
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes(emptyRoot)) return indexHtml;
  const keys = screen.unlessStored.filter((key) => /^!?(local|session):[\w.-]+$/.test(key)).join(' ');
  const titled =
    screen.title === undefined
      ? indexHtml
      : indexHtml.replace(/<title>[^<]*<\/title>/, `<title>${screen.title}</title>`);
  return titled
    .replace(
      emptyRoot,
      // Inert until the app has hydrated it: a tap on a drawing would do nothing, so nothing in it
      // takes one (nor focus, nor a screen reader's attention) before the app is there.
      `<div id="root" data-unless-stored="${escapeHtml(keys)}">${screen.before ?? ''}<div inert style="display:contents">${screen.html}</div>${FIRST_SCREEN_NOTICE}</div><script>${FIRST_SCREEN_GUARD}</script>`,
    )
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
}

const naming = ({ html, placeholder }: NamedDrawing, value: string) =>
  html.split(placeholder).join(escapeHtml(value));

/**
 * The first screen for this request's query: none when a parameter that changes it is there; on
 * the referral landing, the screen naming who shared the link; on the breathe page, the screen
 * naming the request's destination with its circle as far along as the pause already is at `now`.
 * Each name is found by core's own reading of the query, as the app finds it.
 */
export function firstScreenFor(screen: FirstScreen, search: string, now = Date.now()): DrawnScreen | null {
  const params = new URLSearchParams(search);
  if (screen.unlessQuery?.some((name) => params.has(name))) return null;
  if (screen.referrer) {
    const name = referrerDisplayName(params.get(SHARED_BY_NAME_PARAM));
    if (name)
      return { unlessStored: screen.unlessStored, title: screen.title, html: naming(screen.referrer, name) };
  }
  if (!screen.destination && !screen.carriesOnBreathing) return screen;
  const query = readBreatheQuery({ search, hash: '' });
  let html = screen.html;
  const destination = hostOf(interceptReturnUrl(query.returnUrl));
  if (screen.destination && destination) html = naming(screen.destination, destination);
  const alreadyMs = screen.carriesOnBreathing ? Math.round(breathingAlreadyMs(query.breathingSince, now)) : 0;
  // The app keeps the drawn circle when it takes the page over, so this stays as long as it does.
  const before =
    alreadyMs > 0 ? `<style>.breathe-circle{${ALREADY_BREATHING_PROPERTY}:${alreadyMs}ms}</style>` : '';
  if (html === screen.html && !before) return screen;
  return { unlessStored: screen.unlessStored, title: screen.title, html, ...(before ? { before } : {}) };
}
