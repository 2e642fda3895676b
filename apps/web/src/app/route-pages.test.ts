import { isWebPagePath, NOT_FOUND_DRAWING_PATH, WEB_PAGES } from '@stillpoint/core';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_DRAWING_PATH as PRELOADED_AS } from '../../scripts/route-imports';
import { PRERENDERED_PAGES } from './prerender/pages';
import { routes } from './routes';

/** Every page path of a route table: nested paths joined, `index` at its parent's path. */
function pagePaths(table: RouteObject[], parent = ''): { pages: string[]; catchAll: boolean } {
  const pages: string[] = [];
  let catchAll = false;
  for (const route of table) {
    if (route.path === '*') {
      catchAll = true;
      continue;
    }
    const here = route.path ? `${parent}/${route.path.replace(/^\/+/, '')}` : parent;
    if (route.index || (route.path && !route.children)) pages.push(here || '/');
    if (route.children) {
      const inner = pagePaths(route.children, here);
      pages.push(...inner.pages);
      catchAll ||= inner.catchAll;
    }
  }
  return { pages, catchAll };
}

describe("core's list of the web app's pages", () => {
  const { pages, catchAll } = pagePaths(routes);

  it('is the route table: a page added to one and not the other fails here', () => {
    expect([...pages].sort()).toEqual(Object.keys(WEB_PAGES).sort());
  });

  it('has a catch-all route for every other path, and the not-found drawing is no page', () => {
    expect(catchAll).toBe(true);
    expect(isWebPagePath(NOT_FOUND_DRAWING_PATH)).toBe(false);
    expect(PRERENDERED_PAGES).toHaveProperty([NOT_FOUND_DRAWING_PATH]);
    // The build lists the catch-all's chunks at the same path, for the server to preload.
    expect(PRELOADED_AS).toBe(NOT_FOUND_DRAWING_PATH);
  });

  it('holds every page drawn at build time', () => {
    for (const path of Object.keys(PRERENDERED_PAGES).filter((path) => path !== NOT_FOUND_DRAWING_PATH))
      expect(isWebPagePath(path), path).toBe(true);
  });
});
