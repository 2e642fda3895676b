import { ApiError } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('does not retry what the server refused (4xx)', () => {
    expect(shouldRetry(0, new ApiError('Sign in first.', 'UNAUTHENTICATED', 401))).toBe(false);
    expect(shouldRetry(0, new ApiError('Not found.', 'NOT_FOUND', 404))).toBe(false);
  });

  it('retries network and server failures twice', () => {
    const offline = new ApiError('offline', 'NETWORK', 0);
    expect(shouldRetry(0, offline)).toBe(true);
    expect(shouldRetry(1, new ApiError('down', 'UNAVAILABLE', 503))).toBe(true);
    expect(shouldRetry(2, offline)).toBe(false);
  });
});
