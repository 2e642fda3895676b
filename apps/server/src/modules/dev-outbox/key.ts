import type { IncomingHttpHeaders } from 'node:http';
import { bearerToken, matchesSecret } from '../../http/bearer-token';

/** The header that may carry the outbox key when Authorization is taken, e.g. by a proxy's login. */
export const OUTBOX_KEY_HEADER = 'x-outbox-key';

/** Whether a request carries the outbox key, as `Authorization: Bearer <key>` or in `x-outbox-key`. */
export function presentsOutboxKey(headers: IncomingHttpHeaders, key: string): boolean {
  const header = headers[OUTBOX_KEY_HEADER];
  return (
    matchesSecret(bearerToken(headers.authorization), key) ||
    matchesSecret(typeof header === 'string' ? header : undefined, key)
  );
}
