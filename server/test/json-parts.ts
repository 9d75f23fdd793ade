import type { SQLWrapper } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Database } from '../db/client';

/**
 * Runs `fn` and tells, for each statement of `db` answered in JSON texts (`readJsonParts`,
 * decision 042), how many rows each text held, read as the driver hands them over (an export
 * lets go of a text once it has parsed it). An export that went back to a row object per row,
 * or to reading everything at once, shows here.
 */
export async function jsonPartsRead<T>(
  db: Database,
  fn: () => Promise<T>,
): Promise<{ value: T; statements: number[][] }> {
  const execute = db.execute.bind(db);
  const statements: number[][] = [];
  const spy = vi.spyOn(db, 'execute').mockImplementation((async (query: SQLWrapper | string) => {
    const result = (await execute(query as SQLWrapper)) as unknown as { rows: Record<string, unknown>[] };
    if (result.rows.length > 0 && result.rows.every((row) => typeof row.part === 'string'))
      statements.push(result.rows.map((row) => (JSON.parse(row.part as string) as unknown[]).length));
    return result;
  }) as typeof db.execute);
  try {
    return { value: await fn(), statements };
  } finally {
    spy.mockRestore();
  }
}
