import { QueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../common/limits';
import { isApiError } from './errors';

const MAX_RETRIES = 2;

/** A 4xx is the same answer next time: only network failures and 5xx are worth retrying. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: LIMITS.queryFreshMs,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
