import type { Database, Transaction } from './client';

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs `fn` in one transaction on either driver; commits when it resolves, rolls back when
 * it throws. Serialization failures and deadlocks are retried a few times, so `fn` must not
 * have side effects outside the database (enqueue a job instead). Called once per use case,
 * by the service the route calls (decision 016).
 */
export async function inTransaction<T>(
  db: Database,
  fn: (tx: Transaction) => Promise<T>,
  options: { retries?: number } = {},
): Promise<T> {
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= retries || !state || !RETRYABLE.has(state)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 10));
    }
  }
}

export { sqlState };
