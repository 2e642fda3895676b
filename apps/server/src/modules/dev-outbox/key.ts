import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The header that may carry the outbox key when Authorization is taken, e.g. by a proxy's login. */
export const OUTBOX_KEY_HEADER = 'x-outbox-key';

// Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request carries the outbox key, as `Authorization: Bearer <key>` or in `x-outbox-key`. */
export function presentsOutboxKey(headers: IncomingHttpHeaders, key: string): boolean {
  const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
  const header = headers[OUTBOX_KEY_HEADER];
  const candidates = [bearer, typeof header === 'string' ? header : undefined];
  return candidates.some(
    (candidate) => candidate !== undefined && timingSafeEqual(digest(candidate), digest(key)),
  );
}
