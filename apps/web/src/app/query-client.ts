import { ApiError } from '@stillpoint/core';
import { QueryClient } from '@tanstack/react-query';

/** A 4xx will answer the same on a retry (bad input, signed out, not yours); anything else may pass. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
