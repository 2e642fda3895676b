import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/client';
import type { WebhookEndpointObject } from './objects';
import { LocalStore } from './store';

const ENDPOINT_ID = 'we_local';

/**
 * The local provider's webhook signing secret: made at random the first time and kept in its
 * database, so each data directory (PGlite keeps the database there) or PostgreSQL database has
 * its own, it survives restarts, and every server on one database signs and verifies with the
 * same one. A secret fixed in the source would let anyone who read it forge payment events.
 */
export async function webhookSecretOf(store: LocalStore, now: number): Promise<string> {
  const fresh: WebhookEndpointObject = {
    id: ENDPOINT_ID,
    object: 'webhook_endpoint',
    created: now,
    secret: `whsec_${randomBytes(24).toString('hex')}`,
    livemode: false,
  };
  return (await store.putIfMissing(fresh)).secret;
}

/** The secret of the local provider on this database, e.g. for a test or a check that signs events. */
export const localWebhookSecret = (db: Database): Promise<string> =>
  webhookSecretOf(new LocalStore(db), Math.floor(Date.now() / 1000));
