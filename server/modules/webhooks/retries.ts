import { retryDelayMs } from '../../jobs/queue';

/** How long a delivery is retried: after this, it is FAILED (decision 027). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;

/**
 * The attempts that fit in the retry window with the queue's backoff (10 s, 20 s … then hourly):
 * the first, then one after each wait until the waits add up to 24 hours.
 */
export const WEBHOOK_MAX_ATTEMPTS = (() => {
  let attempts = 1;
  let waited = 0;
  while (waited < WEBHOOK_RETRY_WINDOW_MS) {
    waited += retryDelayMs(attempts);
    attempts += 1;
  }
  return attempts;
})();
