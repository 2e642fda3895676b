/**
 * What the server sends on the wire for each kind of response: the encoding it picks for a browser
 * (`br, gzip`), for a gzip-only client and for one that accepts none, the bytes sent, and the
 * caching headers. Builds nothing: it starts the built server on a free port with an empty data
 * directory. Exits non-zero when a compressible response of 1 KB or more goes out uncompressed to
 * a browser, or a hashed asset is not cached for good. Results: bench/README.md.
 *
 *   npm run build && npm run bench:delivery
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { startServer } from '../e2e/fixtures/server';

interface Sent {
  status: number;
  encoding: string;
  bytes: number;
  cacheControl: string;
}

/** One GET with exactly this Accept-Encoding; Node's fetch would add its own and decode. */
function fetchRaw(url: string, acceptEncoding: string | null): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'none'),
            bytes,
            cacheControl: String(res.headers['cache-control'] ?? ''),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const firstMatch = (html: string, pattern: RegExp): string | null => html.match(pattern)?.[1] ?? null;

async function main(): Promise<void> {
  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    const page = await (await fetch(`${server.baseURL}/signin`)).text();
    const targets: [string, string | null][] = [
      ['HTML: /signin', '/signin'],
      ['JS: entry chunk', firstMatch(page, /src="(\/assets\/[^"]+\.js)"/)],
      ['CSS: stylesheet', firstMatch(page, /href="(\/assets\/[^"]+\.css)"/)],
      ['SVG: icon', firstMatch(page, /href="(\/[^"]+\.svg)"/)],
      ['JSON: /api/getQuotes', '/api/getQuotes'],
      ['JSON: /api/getAuthConfig', '/api/getAuthConfig'],
    ];
    const failures: string[] = [];
    const rows: string[] = [];
    for (const [name, path] of targets) {
      if (!path) {
        failures.push(`${name}: not found in /signin`);
        continue;
      }
      const url = `${server.baseURL}${path}`;
      const [browser, gzipOnly, none] = [
        await fetchRaw(url, 'gzip, deflate, br, zstd'),
        await fetchRaw(url, 'gzip'),
        await fetchRaw(url, null),
      ];
      rows.push(
        `| ${name} | ${none.bytes} | ${browser.encoding} ${browser.bytes} | ${gzipOnly.encoding} ${gzipOnly.bytes} | ${browser.cacheControl || '(none)'} |`,
      );
      if (none.bytes >= 1024 && browser.encoding === 'none') failures.push(`${name}: sent uncompressed`);
      if (path.startsWith('/assets/') && !browser.cacheControl.includes('immutable')) {
        failures.push(`${name}: not cached for good`);
      }
    }
    console.log(
      `load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
    console.log('| response | identity bytes | browser (br, gzip) | gzip only | Cache-Control |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
    if (failures.length > 0) {
      console.error(`\n${failures.join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

await main();
