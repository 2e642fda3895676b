import { count } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftPurchase, redemptionCode } from '../src/db/schema';
import { LocalPaymentProvider } from '../src/integrations/payments/local/local-provider';
import {
  CODE_ALPHABET,
  CODE_SPACE,
  newRedemptionCode,
  newRedemptionCodes,
  type RandomIndex,
} from '../src/modules/gifts/codes';
import { createGiftCheckout, type GiftsDependencies } from '../src/modules/gifts/service';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { codesOfSession } from './support/gifts';
import { fakeProvider } from './support/payments';

const config = testConfig();
const silent = pino({ level: 'silent' });

/** A random source that answers these indexes in turn, then repeats the last. */
const scripted = (indexes: number[]): RandomIndex => {
  let next = 0;
  return () => indexes[Math.min(next++, indexes.length - 1)] ?? 0;
};

describe('redemption code generator', () => {
  it('uses 31 characters, none of them a look-alike', () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    expect(new Set(CODE_ALPHABET).size).toBe(31);
    expect(CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(CODE_ALPHABET).not.toContain(lookAlike);
    expect(CODE_SPACE).toBe(31 ** 6);
  });

  it('draws 6 upper-case characters of the alphabet, each of them in use', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 2_000; n++) {
      const code = newRedemptionCode();
      expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
      for (const character of code) seen.add(character);
    }
    // 12,000 draws leave out one of 31 characters with a probability far below 10^-100.
    expect(seen.size).toBe(CODE_ALPHABET.length);
  });

  it('maps each index of the random source to its character', () => {
    expect(newRedemptionCode(scripted([0, 1, 2, 28, 29, 30]))).toBe('234XYZ');
  });

  it('never repeats a code within a batch, nor one already taken', () => {
    // The source repeats itself: AAAAAA, AAAAAA again, then BBBBBB.
    const a = CODE_ALPHABET.indexOf('A');
    const b = CODE_ALPHABET.indexOf('B');
    const source = scripted([
      ...Array(12).fill(a),
      ...Array(6).fill(b),
      ...Array(6).fill(CODE_ALPHABET.indexOf('C')),
    ]);
    expect(newRedemptionCodes(2, new Set(), source)).toEqual(['AAAAAA', 'BBBBBB']);
    expect(
      newRedemptionCodes(
        1,
        new Set(['AAAAAA', 'BBBBBB']),
        scripted([a, a, a, a, a, a, b, b, b, b, b, b, CODE_ALPHABET.indexOf('C')]),
      ),
    ).toEqual(['CCCCCC']);
  });

  it('gives up on a source that only ever repeats itself', () => {
    expect(() => newRedemptionCodes(2, new Set(), () => 0)).toThrow(/keeps drawing codes already taken/);
  });
});

describe('codes of a purchase', () => {
  let t: TestApp;
  let provider: LocalPaymentProvider;
  beforeAll(async () => {
    t = await createTestApp();
    provider = new LocalPaymentProvider(config, {
      db: t.database.db,
      log: silent,
      deliver: async () => ({ status: 200 }),
    });
  });
  afterAll(async () => {
    await provider.close();
    await t.close();
  });

  const deps = (overrides: Partial<GiftsDependencies> = {}): GiftsDependencies => ({
    db: t.database.db,
    config,
    provider,
    email: { send: async () => {} },
    ...overrides,
  });
  const input = (quantity: number) => ({
    priceId: config.prices.gift,
    quantity,
    successPath: '/gift',
    cancelPath: '/gift',
  });
  const sessionIdOf = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

  it('gives each gifted year its own code, unique across purchases', async () => {
    const all = new Set<string>();
    for (const quantity of [20, 20, 7]) {
      const { url } = await createGiftCheckout(deps(), null, input(quantity), silent);
      const codes = await codesOfSession(t.database.db, sessionIdOf(url));
      expect(codes).toHaveLength(quantity);
      for (const code of codes) all.add(code);
    }
    expect(all.size).toBe(47);
  });

  it('draws again when a code is taken by another purchase', async () => {
    // The first purchase takes 222222; the second's source offers it first, then 333333.
    const first = await createGiftCheckout(deps({ randomIndex: () => 0 }), null, input(1), silent);
    expect(await codesOfSession(t.database.db, sessionIdOf(first.url))).toEqual(['222222']);
    const source = scripted([...Array(6).fill(0), ...Array(6).fill(1)]);
    const second = await createGiftCheckout(deps({ randomIndex: source }), null, input(1), silent);
    expect(await codesOfSession(t.database.db, sessionIdOf(second.url))).toEqual(['333333']);
  });

  it('leaves nothing behind when the provider cannot open the checkout', async () => {
    const rowsBefore = await counts();
    const broken = fakeProvider('local', true).provider;
    await expect(
      createGiftCheckout(deps({ provider: broken }), null, input(2), silent),
    ).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Checkout is not available right now. Please try again.',
    });
    expect(await counts()).toEqual(rowsBefore);
  });

  async function counts() {
    const [purchases] = await t.database.db.select({ n: count() }).from(giftPurchase);
    const [codes] = await t.database.db.select({ n: count() }).from(redemptionCode);
    return { purchases: purchases?.n, codes: codes?.n };
  }
});
