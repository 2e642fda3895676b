import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/auth';
import { paymentCustomer, paymentSubscription } from '../src/db/schema';
import { AppError } from '../src/errors';
import { deleteAccount, PROVIDER_FAILED_MESSAGE } from '../src/modules/account/deletion';
import { signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { bearer, getUser } from './support/auth';
import { fakeProvider } from './support/payments';
import { changedTables, tableDigest } from './support/table-digest';

/**
 * The provider's cancellation comes before anything is deleted: when it fails, the deletion stops
 * with a readable 503 and the account is whole, so the person can simply try again. The app always
 * builds its own provider, so the service runs here as the route runs it, on a provider that fails.
 */
describe('deleting an account while the payment provider fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes nothing and answers UNAVAILABLE; once the provider answers, it deletes', async () => {
    const person = await signUp(t.app);
    const fake = fakeProvider('stripe');
    await t.database.db
      .insert(paymentCustomer)
      .values({ userId: person.uid, provider: 'stripe', customerId: 'cus_fails' });
    await t.database.db.insert(paymentSubscription).values({
      id: 'sub_fails',
      provider: 'stripe',
      userId: person.uid,
      customerId: 'cus_fails',
      priceId: 'price_monthly',
      status: 'active',
    });
    const auth = createAuth({
      config: testConfig(),
      database: t.database,
      smsSender: { send: async () => undefined },
      log: t.app.log,
    });
    const failing = {
      ...fake.provider,
      cancelSubscription: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const deps = { db: t.database.db, auth, log: t.app.log };
    const authorization = bearer(person.token).authorization;
    const { phoneNumber } = (await getUser(t.app, person.token)).json().data as { phoneNumber: string };
    const caller = { id: person.uid, email: null, phoneNumber, name: null };
    const before = await tableDigest(t.database.db);

    const refused = await deleteAccount({ ...deps, provider: failing }, caller, authorization).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'UNAVAILABLE', message: PROVIDER_FAILED_MESSAGE });
    expect(changedTables(before, await tableDigest(t.database.db))).toEqual([]);
    expect((await getUser(t.app, person.token)).statusCode).toBe(200);

    const done = await deleteAccount({ ...deps, provider: fake.provider }, caller, authorization);
    expect(done.subscription).toEqual({ cancelled: true, refunded: false, cancelInStore: null });
    expect(fake.canceled).toEqual(['sub_fails']);
    expect((await getUser(t.app, person.token)).statusCode).toBe(401);
  });
});
