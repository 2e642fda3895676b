/**
 * The WHATWG URL parser, the one browsers use on every address. Core compiles without DOM or Node
 * types, yet every place it runs (the web app, the extension's worker, the server) has `URL`, so
 * it is reached through globalThis with only the fields read here.
 */
type UrlParser = new (
  input: string,
) => {
  protocol: string;
  hostname: string;
  port: string;
};
const WhatwgUrl = (globalThis as unknown as { URL: UrlParser }).URL;

/** An http(s) URL's scheme, host (lower case, punycode, as the browser has it) and port ('' when none). */
export function parseWebUrl(
  url: string,
): { scheme: 'http' | 'https'; hostname: string; port: string } | null {
  let parsed: InstanceType<UrlParser>;
  try {
    parsed = new WhatwgUrl(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return {
    scheme: parsed.protocol === 'http:' ? 'http' : 'https',
    hostname: parsed.hostname,
    port: parsed.port,
  };
}

/**
 * An international host name as the browser sends it: 'bücher.de' → 'xn--bcher-kva.de' (IDNA,
 * so case and look-alike forms such as full-width letters are mapped too); null if it is none.
 */
export const internationalHostToAscii = (host: string): string | null =>
  parseWebUrl(`http://${host}/`)?.hostname ?? null;
