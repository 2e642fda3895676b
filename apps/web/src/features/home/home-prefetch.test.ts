import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { installFakeServer } from '../../test/fake-server';
import { homePrefetch } from './home-prefetch';

describe("home's prefetch", () => {
  it('asks for one call at once and for each of the others in a task of its own, so none is a long task', async () => {
    installFakeServer({ signedIn: true });
    const queryClient = createQueryClient();
    const asked = () => queryClient.getQueryCache().getAll().length;

    homePrefetch.prefetch(queryClient);
    expect(asked()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked()).toBe(2);
    await expect.poll(asked).toBe(6);
  });
});
