import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/schema';
import { call, failureOf, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';
import { freshPhoneNumber } from './support/auth';

// Who is an admin (docs/support.md): the configuration names them by user id, or by a verified
// phone number or e-mail. Nothing a client sends makes anyone one.
describe('admin access', () => {
  let t: TestApp;
  const adminIds = new Set<string>();
  const adminPhone = freshPhoneNumber();
  const adminEmail = 'support-lead@example.com';
  beforeAll(async () => {
    t = await createTestApp({
      admin: { userIds: adminIds, phoneNumbers: new Set([adminPhone]), emails: new Set([adminEmail]) },
    });
  });
  afterAll(() => t.close());

  const getSelf = (token?: string) => call(t.app, 'adminGetSelf', undefined, { token });

  it('answers 401 without a session and 403 to a signed-in non-admin', async () => {
    expect(failureOf(await getSelf())).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    const someone = await signUp(t.app);
    expect(failureOf(await getSelf(someone.token))).toEqual({
      status: 403,
      success: false,
      code: 'FORBIDDEN',
      error: "This is for Stillpoint's support team, and your account is not one of its admins.",
    });
  });

  it('lets in a user id named in ADMIN_USER_IDS', async () => {
    const person = await signUp(t.app);
    expect((await getSelf(person.token)).statusCode).toBe(403);
    adminIds.add(person.uid);
    const res = await getSelf(person.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { uid: person.uid } });
  });

  it('lets in a verified phone number named in ADMIN_SIGN_INS', async () => {
    const admin = await signUp(t.app, adminPhone);
    expect((await getSelf(admin.token)).statusCode).toBe(200);
    // The same number unverified grants nothing.
    await t.database.db.update(user).set({ phoneNumberVerified: false }).where(eq(user.id, admin.uid));
    expect((await getSelf(admin.token)).statusCode).toBe(403);
  });

  it('lets in a verified e-mail named in ADMIN_SIGN_INS, in any case, and not an unverified one', async () => {
    const person = await signUp(t.app);
    await t.database.db
      .update(user)
      .set({ email: 'Support-Lead@Example.com', emailVerified: false })
      .where(eq(user.id, person.uid));
    expect((await getSelf(person.token)).statusCode).toBe(403);
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, person.uid));
    expect((await getSelf(person.token)).statusCode).toBe(200);
  });

  it('refuses a non-admin before reading the body', async () => {
    const someone = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/grantPremium',
      headers: { authorization: `Bearer ${someone.token}`, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(403);
  });
});
