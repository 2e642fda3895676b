import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Written by the web build (`apps/web/scripts/prerender.mjs`): for a few public pages, the markup
 * of their first screen as a new visitor sees it, and the stored keys that mean another visitor
 * may see something else (decision 022).
 */
const FIRST_SCREENS_FILE = path.join('.vite', 'prerendered.json');

export interface FirstScreen {
  html: string;
  /** `local:key` or `session:key`: present in the browser's storage, the drawing is dropped. */
  unlessStored: string[];
}

/**
 * Runs before the first paint, right after the drawing: for a visitor with any of the listed keys
 * stored (a kept place, quiz answers, a sign-in) it empties the root, so they never see a screen
 * that is not theirs; the app then draws theirs. Storage that cannot be read keeps the drawing.
 */
export const FIRST_SCREEN_GUARD = `(function(){var r=document.getElementById('root');if(!r)return;var k=(r.getAttribute('data-unless-stored')||'').split(' ');for(var i=0;i<k.length;i++){var c=k[i].indexOf(':');if(c<0)continue;try{var s=k[i].slice(0,c)==='session'?sessionStorage:localStorage;if(s.getItem(k[i].slice(c+1))!==null){r.textContent='';return}}catch(e){}}})();`;

/** The guard's hash for the Content-Security-Policy, which allows no other inline script. */
export const FIRST_SCREEN_GUARD_SOURCE = `'sha256-${createHash('sha256').update(FIRST_SCREEN_GUARD).digest('base64')}'`;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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
export function withFirstScreen(indexHtml: string, screen: FirstScreen): string {
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes(emptyRoot)) return indexHtml;
  const keys = screen.unlessStored.filter((key) => /^(local|session):[\w.-]+$/.test(key)).join(' ');
  return indexHtml
    .replace(
      emptyRoot,
      // Inert until the app draws over it: a tap on a drawing would do nothing, so nothing in it
      // takes one (nor focus, nor a screen reader's attention) before the app is there.
      `<div id="root" data-unless-stored="${attribute(keys)}"><div inert style="display:contents">${screen.html}</div></div><script>${FIRST_SCREEN_GUARD}</script>`,
    )
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
}
