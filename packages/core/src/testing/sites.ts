import fc from 'fast-check';
import { siteIdentity } from '../sites/identity';

/**
 * Generators for property tests of what a site is. The core rule and the extension's redirect
 * rules are checked against the same typed sites and the same witness URLs, so a case that one
 * test finds is a case the other can be asked about.
 */

/** Where a typed site is, from a few labels, so that two draws are often the same place. */
const place = fc.record({
  subdomains: fc.array(fc.constantFrom('a', 'm', 'www', 'bücher'), { maxLength: 2 }),
  name: fc.constantFrom('a.com', 'com', 'www.com', 'com.com', 'localhost', 'bücher.de', 'xn--bcher-kva.de'),
  port: fc.constantFrom(null, '80', '443', '8080', '08080', '9090'),
});

/** How it was written: 'www.' or not, letter case, a trailing dot, a scheme, a path typed by mistake. */
const writing = fc.record({
  scheme: fc.constantFrom('', 'http://', 'https://', 'HTTP://'),
  www: fc.boolean(),
  letterCase: fc.constantFrom('lower', 'upper', 'title'),
  rootDot: fc.boolean(),
  path: fc.constantFrom('', '/', '/feed?x=1', '#top', '?q=a&b=c', '/watch?v=1&t=2'),
});

type Place = typeof place extends fc.Arbitrary<infer T> ? T : never;
type Writing = typeof writing extends fc.Arbitrary<infer T> ? T : never;

function typed({ subdomains, name, port }: Place, how: Writing): string {
  const host = [...(how.www ? ['www'] : []), ...subdomains, name].join('.');
  const cased =
    how.letterCase === 'upper'
      ? host.toUpperCase()
      : how.letterCase === 'title'
        ? host.replace(/(^|\.)(.)/g, (_, dot: string, first: string) => dot + first.toUpperCase())
        : host;
  return `${how.scheme}${cased}${how.rootDot ? '.' : ''}${port === null ? '' : `:${port}`}${how.path}`;
}

/** One typed site, which may be no site at all (a bare 'com', say). */
export const typedSite: fc.Arbitrary<string> = fc
  .tuple(place, writing)
  .map(([where, how]) => typed(where, how));

export const isSite = (text: string): boolean => siteIdentity(text) !== null;

/** Two typed sites, both readable as sites: unrelated, or one place written two ways. */
export const pairOfTypedSites: fc.Arbitrary<[string, string]> = fc
  .oneof(
    fc
      .tuple(place, writing, place, writing)
      .map(([a, howA, b, howB]): [string, string] => [typed(a, howA), typed(b, howB)]),
    fc
      .tuple(place, writing, writing)
      .map(([where, howA, howB]): [string, string] => [typed(where, howA), typed(where, howB)]),
  )
  .filter(([a, b]) => isSite(a) && isSite(b));

/**
 * URLs that tell any two of the typed sites apart if anything does: each typed host as written,
 * with a trailing dot, without and with 'www.', a subdomain, its parent and look-alikes, with
 * credentials, on no port, each typed port and another, on http and https. Read from the text
 * directly, not through the code under test.
 */
export function witnessUrls(...typedSites: string[]): string[] {
  const hosts = new Set<string>();
  const ports = new Set(['', ':8081']);
  for (const text of typedSites) {
    const [, host = '', port] = /^(?:[a-z]+:\/\/)?([^/?#:]*)(:\d+)?/i.exec(text.trim()) ?? [];
    const bare = host.replace(/\.$/, '');
    const parent = bare.split('.').slice(1).join('.');
    for (const variant of [
      bare,
      `${bare}.`,
      bare.replace(/^www\./i, ''),
      `www.${bare}`,
      `x.${bare}`,
      `x${bare}`,
      `${bare}.evil.example`,
      parent,
    ]) {
      if (variant) hosts.add(variant);
    }
    if (port) ports.add(port);
  }
  return [...hosts].flatMap((host) =>
    [...ports].flatMap((port) =>
      ['http', 'https'].flatMap((scheme) => [
        `${scheme}://${host}${port}/`,
        `${scheme}://someone@${host}${port}/feed?a=1&b=2#c`,
      ]),
    ),
  );
}
