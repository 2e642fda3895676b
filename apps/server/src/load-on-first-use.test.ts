import { describe, expect, it } from 'vitest';
import { loadOnFirstUse } from './load-on-first-use';

describe('loadOnFirstUse', () => {
  it('does not load until asked, then loads once for callers at the same time', async () => {
    let loads = 0;
    const get = loadOnFirstUse(async () => {
      loads += 1;
      return { loads };
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([get(), get()]);
    expect(loads).toBe(1);
    expect(first).toBe(second);
    expect(await get()).toBe(first);
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const get = loadOnFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('not yet');
      return attempts;
    });
    await expect(get()).rejects.toThrow('not yet');
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
  });
});
