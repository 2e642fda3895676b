// HTTP for the checks: node:http rather than fetch, because the checks choose the client's own
// address (each check is a different visitor to the rate limits) and see connection errors as
// they are (ECONNREFUSED is a clean refusal, ECONNRESET a lost request).

import { randomInt } from 'node:crypto';
import http from 'node:http';

/** A loopback address of its own (127.x.y.z), so one check's rate-limit counts are not another's. */
export const loopbackVisitor = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;

/**
 * One request. `body` is sent as JSON (or as is, when a string); the answer comes back with its
 * status, headers, text and parsed JSON (null when it is not JSON). Connection errors reject.
 */
export function request(
  url,
  { method = 'GET', headers = {}, body, localAddress, agent, timeoutMs = 15_000 } = {},
) {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const allHeaders = {
    ...(payload !== undefined && !hasHeader(headers, 'content-type')
      ? { 'content-type': 'application/json' }
      : {}),
    ...headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: allHeaders, localAddress, agent, timeout: timeoutMs },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parseJson(text) });
        });
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The instance that answered, as the proxy names it in X-Upstream. */
export const upstreamOf = (response) => String(response.headers['x-upstream'] ?? '');

const hasHeader = (headers, name) => Object.keys(headers).some((key) => key.toLowerCase() === name);

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
