import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_FIRST_SCREEN_CAP_MS, useAfterFirstScreen } from './after-first-screen';

afterEach(() => vi.useRealTimers());

function withClient(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

describe('after the first screen', () => {
  it("waits while the page's first data is loading, and comes once it is in", async () => {
    const queryClient = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    void queryClient.prefetchQuery({
      queryKey: ['page data'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    const { result } = renderHook(() => useAfterFirstScreen(), { wrapper: withClient(queryClient) });

    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(result.current).toBe(false);

    await act(async () => answer('in'));
    await vi.waitFor(() => expect(result.current).toBe(true));
  });

  it('comes at the latest a few seconds after the page loaded, however busy the page stays', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    void queryClient.prefetchQuery({
      queryKey: ['never'],
      queryFn: () => new Promise<string>(() => undefined),
    });
    const { result } = renderHook(() => useAfterFirstScreen(), { wrapper: withClient(queryClient) });

    await act(() => vi.advanceTimersByTimeAsync(AFTER_FIRST_SCREEN_CAP_MS - 100));
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current).toBe(true);
  });
});
