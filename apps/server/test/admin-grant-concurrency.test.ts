import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditEvent, entitlement } from '../src/db/schema';
import { signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';
import { bearer, freshPhoneNumber } from './support/auth';

// A grant is one-time per Idempotency-Key: a double press or a retry grants once and logs once.
describe('concurrent identical grants', () => {
  let t: TestApp;
  const adminPhone = freshPhoneNumber();
  beforeAll(async () => {
    t = await createTestApp({
      admin: { userIds: new Set(), phoneNumbers: new Set([adminPhone]), emails: new Set() },
    });
  });
  afterAll(() => t.close());

  it('gives one entitlement and one audit row for two requests with the same key at once', async () => {
    const admin = await signUp(t.app, adminPhone);
    const person = await signUp(t.app);
    const payload = JSON.stringify({
      uid: person.uid,
      until: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      reason: 'double press',
    });
    const grant = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/grantPremium',
        headers: {
          ...bearer(admin.token),
          'content-type': 'application/json',
          'idempotency-key': 'grant-once-1',
        },
        payload,
      });
    const answers = await Promise.all([grant(), grant()]);
    const succeeded = answers.filter((res) => res.statusCode === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(
      succeeded.map((res) => (res.json() as { data: { entitlementId: string } }).data.entitlementId),
    );
    expect(ids.size).toBe(1);
    const rows = await t.database.db.select().from(entitlement).where(eq(entitlement.userId, person.uid));
    expect(rows).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(adminAuditEvent)
      .where(eq(adminAuditEvent.targetUid, person.uid));
    expect(events).toHaveLength(1);
  });
});
