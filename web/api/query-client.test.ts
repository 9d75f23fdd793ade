import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { shouldRetry } from './query-client';

const apiError = (status: number) => new ApiError({ status, code: 'X', message: 'x' });

describe('shouldRetry', () => {
  it('does not retry answers that would be the same next time (4xx)', () => {
    expect(shouldRetry(0, apiError(404))).toBe(false);
    expect(shouldRetry(0, apiError(422))).toBe(false);
    expect(shouldRetry(0, apiError(429))).toBe(false);
  });

  it('retries network failures and server errors, twice at most', () => {
    expect(shouldRetry(0, apiError(0))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(true);
    expect(shouldRetry(2, apiError(503))).toBe(false);
  });
});
