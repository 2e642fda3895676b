import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webFirstAnswers } from '../src/db/schema';
import { call, callOk, failureOf, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

describe("the web-first funnel's answers (updateOnboardingParams)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const stored = async (userId: string) =>
    (await t.database.db.select().from(webFirstAnswers).where(eq(webFirstAnswers.userId, userId)))[0];
  const send = (body: unknown, token?: string) => call(t.app, 'updateOnboardingParams', body, { token });

  it("keeps the person's answers and gives onboarding the ones it asks too", async () => {
    const sam = await signUp(t.app);
    const body = {
      hdyh: 'youtube',
      hdyhDetail: 'an ad',
      intention: 'find focus',
      outcome: 'deeper work',
      age: '28-32',
      job: 'a lighthouse keeper',
    };
    expect(await callOk(t.app, 'updateOnboardingParams', body, sam.token)).toEqual({ ok: true });

    expect(await stored(sam.uid)).toMatchObject({
      hdyh: 'youtube',
      hdyhDetail: 'an ad',
      intention: 'find focus',
      outcome: 'deeper work',
      age: '28-32',
      occupation: 'a lighthouse keeper',
    });
    expect(await callOk(t.app, 'getOnboardingAnswers', undefined, sam.token)).toEqual({
      hdyh: 'youtube',
      hdyhDetail: 'an ad',
      onboardingIntention: 'find focus',
      onboardingOutcome: 'deeper work',
    });
  });

  it("keeps the funnel's other two answers, checked against their lists", async () => {
    const sam = await signUp(t.app);
    await callOk(
      t.app,
      'updateOnboardingParams',
      { mostDisruptive: 'binge watching', worstApp: 'tik tok' },
      sam.token,
    );
    expect(await stored(sam.uid)).toMatchObject({ mostDisruptive: 'binge watching', worstApp: 'tik tok' });

    expect(failureOf(await send({ worstApp: 'myspace' }, sam.token))).toMatchObject({
      status: 400,
      error: expect.stringContaining('worstApp must be one of: instagram, tik tok'),
    });
    expect(failureOf(await send({ mostDisruptive: 'doomscrolling' }, sam.token))).toMatchObject({
      status: 400,
      error: expect.stringContaining('mostDisruptive must be one of'),
    });
    expect(await stored(sam.uid)).toMatchObject({ worstApp: 'tik tok' });
  });

  it('checks an outcome against the intention saved before, and keeps earlier answers', async () => {
    const sam = await signUp(t.app);
    await callOk(t.app, 'updateOnboardingParams', { intention: 'find calm', age: '50+' }, sam.token);
    await callOk(t.app, 'updateOnboardingParams', { outcome: 'a quieter mind' }, sam.token);
    expect(await stored(sam.uid)).toMatchObject({
      intention: 'find calm',
      outcome: 'a quieter mind',
      age: '50+',
    });
  });

  it('does not overwrite what the person already told onboarding', async () => {
    const sam = await signUp(t.app);
    await callOk(t.app, 'updateOnboardingAnswers', { onboardingIntention: 'be present' }, sam.token);
    await callOk(t.app, 'updateOnboardingParams', { intention: 'find focus' }, sam.token);
    expect((await callOk(t.app, 'getOnboardingAnswers', undefined, sam.token)).onboardingIntention).toBe(
      'be present',
    );
  });

  it.each([
    ['an intention not offered', { intention: 'get rich' }, 'intention must be one of'],
    ['an age band not offered', { age: '29' }, 'age must be one of'],
    [
      'an outcome of another intention',
      { intention: 'find calm', outcome: 'deeper work' },
      'outcome for "find calm" must be one of',
    ],
    ['an outcome without an intention', { outcome: 'deeper work' }, 'outcome needs an intention'],
    ['a source not listed', { hdyh: 'a billboard' }, 'hdyh must be one of'],
    [
      'a detail the source does not offer',
      { hdyh: 'youtube', hdyhDetail: 'a podcast' },
      'hdyhDetail for "youtube" must be one of',
    ],
    ['a detail without its source', { hdyhDetail: 'an ad' }, 'hdyhDetail needs hdyh'],
    ['an empty occupation', { job: '   ' }, 'job cannot be empty'],
    ['nothing at all', {}, 'Send at least one of'],
    ['an unknown field', { intention: 'find calm', favouriteColour: 'blue' }, 'favouriteColour'],
    ['a NUL byte', { job: 'nul\u0000' }, 'job cannot contain the NUL character'],
  ])('refuses %s with a readable 400 and saves nothing', async (_case, body, message) => {
    const sam = await signUp(t.app);
    expect(failureOf(await send(body, sam.token))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(message),
    });
    expect(await stored(sam.uid)).toBeUndefined();
  });

  it('needs a signed-in person', async () => {
    expect((await send({ intention: 'find calm' })).statusCode).toBe(401);
  });
});
