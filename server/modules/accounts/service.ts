import { and, eq, sql } from 'drizzle-orm';
import type { AccountResponse, UpdateAccountRequest } from '../../../common/accounts';
import { type EventDefaults, type EventDefaultsPatch, eventDefaultsOf } from '../../../common/event-defaults';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../common/i18n/locales';
import type { Db, Transaction } from '../../db/client';
import { accounts, accountUsers, users } from '../../db/schema';
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

/** A new account, in the transaction that gives it its owner. */
export async function createAccount(
  tx: Transaction,
  input: { name: string; currency: string; timezone: string; supportEmail?: string | null },
): Promise<AccountRow> {
  const [row] = await tx
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

/** Writes the fields sent; a field left out is `undefined`, which the update leaves as it is. */
export async function updateAccount(
  db: Db,
  accountId: number,
  input: UpdateAccountRequest,
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({
      name: input.name,
      supportEmail: input.support_email,
      currency: input.currency,
      timezone: input.timezone,
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

/** Merges the defaults sent over the stored ones in one statement, so no write loses another's. */
export async function updateEventDefaults(
  db: Db,
  accountId: number,
  input: EventDefaultsPatch,
): Promise<EventDefaults> {
  const [row] = await db
    .update(accounts)
    .set({
      eventDefaults: sql`${accounts.eventDefaults} || ${JSON.stringify(input)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return eventDefaultsOf(row.eventDefaults);
}

/**
 * The account's owner as mails to the organizer need them: the address they go to when the
 * organizer and the account have none, and the language they are written in (the owner's own).
 */
export async function accountOwner(
  db: Db,
  accountId: number,
): Promise<{ email: string | null; locale: Locale }> {
  const [owner] = await db
    .select({ email: users.email, locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.isOwner, true)));
  return { email: owner?.email ?? null, locale: isLocale(owner?.locale) ? owner.locale : DEFAULT_LOCALE };
}
