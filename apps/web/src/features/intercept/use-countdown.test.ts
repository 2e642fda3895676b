import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts down a step a second from mount, and a re-render does not restart it', async () => {
    const { result, rerender } = renderHook(() => useCountdown(5));
    expect(result.current).toBe(5);

    await advance(2_500);
    expect(result.current).toBe(3);
    rerender();
    await advance(500);
    expect(result.current).toBe(2);

    await advance(2_000);
    expect(result.current).toBe(0);
    await advance(5_000);
    expect(result.current).toBe(0);
  });

  it('counts from a start before mount, on the boundaries of that start', async () => {
    const startedAt = Date.now() - 1_200;
    const { result } = renderHook(() => useCountdown(5, { startedAt }));
    expect(result.current).toBe(4);

    await advance(799);
    expect(result.current).toBe(4);
    await advance(1);
    expect(result.current).toBe(3);
  });

  it('does not stall when a timer fires a little before the boundary', async () => {
    const { result } = renderHook(() => useCountdown(5));
    // The wall clock falls 1 ms behind the timers: the next timer fires at 999 ms by Date.now().
    vi.setSystemTime(Date.now() - 1);
    await advance(1_000);
    expect(result.current).toBe(5);

    await advance(1);
    expect(result.current).toBe(4);
  });
});
