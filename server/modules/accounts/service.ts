import { eq, sql } from 'drizzle-orm';
import type { AccountResponse, UpdateAccountRequest } from '../../../common/accounts';
import { type EventDefaults, eventDefaultsOf } from '../../../common/events';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError } from '../../http/app-error';

export type AccountRow = typeof accounts.$inferSelect;

export function toAccountResponse(row: AccountRow): AccountResponse {
  return {
    id: row.id,
    name: row.name,
    support_email: row.supportEmail,
    currency: row.currency,
    timezone: row.timezone,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getAccount(db: Db, accountId: number): Promise<AccountRow> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function createAccount(
  db: Db,
  input: { name: string; currency: string; timezone: string; supportEmail?: string | null },
): Promise<AccountRow> {
  const [row] = await db
    .insert(accounts)
    .values({
      name: input.name,
      currency: input.currency,
      timezone: input.timezone,
      supportEmail: input.supportEmail,
    })
    .returning();
  if (!row) throw new Error('account insert returned nothing');
  return row;
}

export async function updateAccount(
  db: Db,
  accountId: number,
  input: UpdateAccountRequest,
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({
      name: input.name,
      currency: input.currency,
      timezone: input.timezone,
      ...(input.support_email !== undefined ? { supportEmail: input.support_email } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getEventDefaults(db: Db, accountId: number): Promise<EventDefaults> {
  return eventDefaultsOf((await getAccount(db, accountId)).eventDefaults);
}

export async function updateEventDefaults(
  db: Db,
  accountId: number,
  input: EventDefaults,
): Promise<EventDefaults> {
  const [row] = await db
    .update(accounts)
    .set({ eventDefaults: input, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return eventDefaultsOf(row.eventDefaults);
}
