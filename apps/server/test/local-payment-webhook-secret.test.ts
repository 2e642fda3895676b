import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { localWebhookSecret } from '../src/integrations/payments/local/webhook-secret';
import { createTestApp, type TestApp } from './support/app';
import { openTestDatabase } from './support/database';
import { deliverSignedEvent, stripeEvent } from './support/payments';

/** What every copy of the source used to sign and verify the local provider's webhooks with. */
const FORMER_FIXED_SECRET = 'whsec_stillpoint_local_provider_development';

describe("the local payment provider's webhook secret", () => {
  it('is made at random for each database, so two fresh data directories get different ones', async () => {
    const [first, second] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    try {
      const secrets = [await localWebhookSecret(first.db), await localWebhookSecret(second.db)];
      expect(secrets[0]).toMatch(/^whsec_[0-9a-f]{48}$/);
      expect(secrets[1]).toMatch(/^whsec_[0-9a-f]{48}$/);
      expect(secrets[0]).not.toBe(secrets[1]);
      expect(secrets).not.toContain(FORMER_FIXED_SECRET);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('is one per database, however many servers ask at once', async () => {
    const database = await openTestDatabase();
    try {
      const secrets = await Promise.all(Array.from({ length: 10 }, () => localWebhookSecret(database.db)));
      expect(new Set(secrets).size).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('survives a restart: it is kept in the data directory', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stillpoint-secret-'));
    try {
      const before = await openDatabase({ kind: 'pglite', dataDir });
      const secret = await localWebhookSecret(before.db);
      await before.close();
      const after = await openDatabase({ kind: 'pglite', dataDir });
      expect(await localWebhookSecret(after.db)).toBe(secret);
      await after.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is in no configuration: the loaded config carries no secret for the local provider', () => {
    expect(loadConfig({ APP_ENV: 'test' }).payments).toEqual({ provider: 'local', sandbox: true });
  });

  describe('the webhook endpoint', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());
    const event = () => stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });

    it('refuses an event signed with the former fixed secret', async () => {
      expect((await deliverSignedEvent(t.app, FORMER_FIXED_SECRET, event())).statusCode).toBe(400);
    });

    it("accepts one signed with this database's secret", async () => {
      const secret = await localWebhookSecret(t.database.db);
      expect((await deliverSignedEvent(t.app, secret, event())).statusCode).toBe(200);
    });
  });
});
