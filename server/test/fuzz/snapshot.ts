import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * How a table's rows are tied to an account, for tables without an `account_id` column:
 * through the column named here and the table it points at (which has one).
 */
const OWNED_THROUGH: Record<string, string> = {
  event_id: 'events',
  order_id: 'orders',
  ticket_id: 'tickets',
  check_in_list_id: 'check_in_lists',
  capacity_assignment_id: 'capacity_assignments',
  promo_code_id: 'promo_codes',
  question_id: 'questions',
  message_id: 'messages',
  endpoint_id: 'webhook_endpoints',
  date_id: 'event_dates',
  organizer_id: 'organizers',
};

/**
 * Tables that belong to no account: the job queue, Stripe's event log, the lanes that
 * count each client address's open reservations on every event (decision 043), and a buyer's
 * data export links, which are of an address across every account (decision 064).
 */
export const SHARED_TABLES = ['jobs', 'stripe_events', 'address_lanes', 'data_exports'];

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows?: Record<string, unknown>[] };
  return result.rows ?? (result as unknown as Record<string, unknown>[]);
}

/**
 * Every row of every table that belongs to one account, by table, ordered: equal snapshots
 * taken before and after something mean it changed nothing of that account. A table the rules
 * above cannot tie to an account (and that is not shared) is reported, so a new table is
 * noticed rather than skipped.
 */
export async function accountSnapshot(
  db: Db,
  accountId: number,
): Promise<{ tables: Record<string, unknown[]>; untied: string[] }> {
  const columns = await rows(
    db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
  );
  const byTable = new Map<string, Set<string>>();
  for (const { table_name, column_name } of columns as { table_name: string; column_name: string }[]) {
    const set = byTable.get(table_name) ?? new Set<string>();
    set.add(column_name);
    byTable.set(table_name, set);
  }
  const tables: Record<string, unknown[]> = {};
  const untied: string[] = [];
  for (const [table, cols] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
    if (SHARED_TABLES.includes(table)) continue;
    let where: ReturnType<typeof sql> | null = null;
    if (table === 'accounts') where = sql`id = ${accountId}`;
    else if (table === 'users') {
      where = sql`id in (select user_id from account_users where account_id = ${accountId})`;
    } else if (table === 'webhook_attempts') {
      // Two steps from the account: attempt, delivery, endpoint.
      where = sql`delivery_id in (select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.account_id = ${accountId})`;
    } else if (cols.has('account_id')) where = sql`account_id = ${accountId}`;
    else if (cols.has('user_id')) {
      // A login's own rows (two-factor, passkeys): the account's members'.
      where = sql`user_id in (select user_id from account_users where account_id = ${accountId})`;
    } else {
      const link = Object.keys(OWNED_THROUGH).find((column) => cols.has(column));
      if (link) {
        const parent = sql.identifier(OWNED_THROUGH[link] as string);
        where = sql`${sql.identifier(link)} in (select id from ${parent} where account_id = ${accountId})`;
      }
    }
    if (!where) {
      untied.push(table);
      continue;
    }
    tables[table] = await rows(db, sql`select * from ${sql.identifier(table)} where ${where} order by 1, 2`);
  }
  return { tables: JSON.parse(JSON.stringify(tables)), untied };
}
