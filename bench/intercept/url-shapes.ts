/**
 * The addresses each run visits on the intercepted site, one of each shape that once needed a
 * second hop and a plain one (the shapes of e2e/tests/extension-intercept.spec.ts). The run's
 * number is in the path, so a request the fixture server records tells which navigation made it.
 */
export const URL_SHAPES = {
  plain: (run: number) => `https://www.distracting.test/article/${run}`,
  'with & and +': (run: number) => `https://www.distracting.test/search/${run}?q=calm+mind&lang=en`,
  'with % escapes': (run: number) => `https://distracting.test/r/${run}/%F0%9F%98%80?q=100%25&x=%26%3D`,
  'with #fragment': (run: number) => `https://www.distracting.test/read/${run}?id=7&p=2#section-3`,
} as const;

export type UrlShape = keyof typeof URL_SHAPES;
export const SHAPES = Object.keys(URL_SHAPES) as UrlShape[];

/** The path the site's server would see for `url`: what the fixture server records. */
export const requestedPath = (url: string) => new URL(url).pathname;
