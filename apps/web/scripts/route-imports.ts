/** core's NOT_FOUND_DRAWING_PATH, written out: Vite's config loads this file without core. */
export const NOT_FOUND_DRAWING_PATH = '/404';

/**
 * Each page path of the route table with the lazy imports it needs: its own (the first `import('…')`
 * after its `path: '…'`, or after `index: true` for /), and those of the pathless lazy layouts
 * whose `children: [...]` hold it (the signed-in layout of home, subscription and onboarding).
 */
export function routeImports(source: string): { routePath: string; specifiers: string[] }[] {
  const layouts: { specifier: string; from: number; to: number }[] = [];
  for (const match of source.matchAll(/lazy:\s*\(\)\s*=>\s*import\('(\.\/layout\/[^']+)'\)/g)) {
    const open = source.indexOf('children: [', match.index);
    if (open < 0) continue;
    let depth = 0;
    let end = open + 'children: '.length;
    for (; end < source.length; end++) {
      if (source[end] === '[') depth++;
      else if (source[end] === ']' && --depth === 0) break;
    }
    layouts.push({ specifier: match[1] ?? '', from: open, to: end });
  }
  const routes: { routePath: string; specifiers: string[] }[] = [];
  for (const match of source.matchAll(/\b(?:path:\s*'([^']+)'|index:\s*true)/g)) {
    const written = match[1] === undefined ? '/' : `/${match[1].replace(/^\/+/, '')}`;
    // The catch-all's page is the not-found page, listed at the path the build draws it at (core's
    // NOT_FOUND_DRAWING_PATH), which the server preloads for every address that is no page.
    const routePath = written === '/*' ? NOT_FOUND_DRAWING_PATH : written;
    if (routePath.includes('*') || routePath.includes(':')) continue;
    const rest = source.slice(match.index);
    const next = rest.slice(1).search(/\b(?:path:|index:\s*true)/);
    const own = /\bimport\('([^']+)'\)/.exec(next < 0 ? rest : rest.slice(0, next + 1))?.[1];
    if (!own) continue;
    const around = layouts.filter(({ from, to }) => match.index > from && match.index < to);
    routes.push({ routePath, specifiers: [...around.map(({ specifier }) => specifier), own] });
  }
  return routes;
}
