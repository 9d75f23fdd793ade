import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { AccountDeletionResponse } from '../../../common/account-deletion';
import { isLocale } from '../../../common/i18n/locales';
import { VALIDATION } from '../../../common/i18n/validation';
import type { SecurityEventKind } from '../../../common/security';
import type { Database, Db, Transaction } from '../../db/client';
import { accountDeletions, accountUsers, eventDates, events, orders, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { ACCOUNT_DELETION_JOB, enqueue } from '../../jobs/kinds';
import { enqueueMail } from '../../mail/send';
import { createLink, lockLink, markLinkUsed, revokeLinks } from '../auth/links';
import { verifyPassword } from '../auth/passwords';
import { getMember } from '../members/service';
import { accountName, recordSecurityEvent } from '../security-events/service';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DeletionSettings {
  appUrl: string;
  waitDays: number;
}

type DeletionRow = typeof accountDeletions.$inferSelect;

function present(row: DeletionRow | undefined, waitDays: number): AccountDeletionResponse {
  return {
    state: !row ? 'NONE' : row.confirmedAt ? 'SCHEDULED' : 'AWAITING_CONFIRMATION',
    requested_at: row?.requestedAt.toISOString() ?? null,
    confirmed_at: row?.confirmedAt?.toISOString() ?? null,
    delete_after: row?.deleteAfter?.toISOString() ?? null,
    wait_days: waitDays,
  };
}

async function deletionOf(db: Db, accountId: number): Promise<DeletionRow | undefined> {
  const [row] = await db.select().from(accountDeletions).where(eq(accountDeletions.accountId, accountId));
  return row;
}

function assertOwner(auth: AuthContext): void {
  if (!auth.isOwner) throw new AppError('ACCOUNT_OWNER_ONLY');
}

/**
 * Orders whose money the buyer still holds a claim to for a date that has not ended: an account
 * with such orders cannot be deleted, so no buyer loses a ticket they paid for (decision 065).
 */
async function assertNoUpcomingPaidOrders(db: Db, accountId: number): Promise<void> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(eventDates, eq(eventDates.id, orders.dateId))
    .where(
      and(
        eq(orders.accountId, accountId),
        inArray(orders.status, ['COMPLETED', 'PARTIALLY_REFUNDED', 'PROCESSING', 'AWAITING_PAYMENT']),
        gt(orders.total, orders.refundedTotal),
        gt(sql`coalesce(${eventDates.endsAt}, ${eventDates.startsAt})`, sql`now()`),
      ),
    )
    .limit(1);
  if (row) throw new AppError('ACCOUNT_HAS_UPCOMING_PAID_ORDERS');
}

/**
 * An event goes live only while its account's deletion is not scheduled: the confirmation took
 * every event off sale, and nothing may be sold that the deletion would then take away.
 */
export async function assertNotScheduledForDeletion(db: Db, accountId: number): Promise<void> {
  const row = await deletionOf(db, accountId);
  if (row?.confirmedAt) throw new AppError('ACCOUNT_DELETION_SCHEDULED');
}

export async function getAccountDeletion(
  db: Db,
  input: { accountId: number; waitDays: number },
): Promise<AccountDeletionResponse> {
  return present(await deletionOf(db, input.accountId), input.waitDays);
}

/** `POST /api/accounts/current/deletion`: the owner's password, then a link mailed to them. */
export async function requestAccountDeletion({
  db,
  auth,
  password,
  settings,
}: {
  db: Database;
  auth: AuthContext;
  password: string;
  settings: DeletionSettings;
}): Promise<AccountDeletionResponse> {
  assertOwner(auth);
  const { user } = await getMember(db, auth.accountId, auth.userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw fieldError('password', VALIDATION.currentPasswordWrong);
  }
  await inTransaction(db, async (tx) => {
    const existing = await deletionOf(tx, auth.accountId);
    if (existing?.confirmedAt) throw new AppError('ACCOUNT_DELETION_ALREADY_SCHEDULED');
    await assertNoUpcomingPaidOrders(tx, auth.accountId);
    await tx
      .insert(accountDeletions)
      .values({ accountId: auth.accountId, requestedBy: user.id })
      .onConflictDoUpdate({
        target: accountDeletions.accountId,
        set: { requestedBy: user.id, requestedAt: sql`now()`, confirmedAt: null, deleteAfter: null },
      });
    const token = await createLink(tx, {
      purpose: 'ACCOUNT_DELETION',
      userId: user.id,
      email: user.email,
      accountId: auth.accountId,
    });
    await enqueueMail(tx, {
      template: 'accountDeletionConfirmation',
      to: user.email,
      locale: isLocale(user.locale) ? user.locale : 'en',
      data: {
        firstName: user.firstName,
        accountName: await accountName(tx, auth.accountId),
        url: `${settings.appUrl}/account/deletion/${token}`,
        waitDays: settings.waitDays,
      },
    });
  });
  return getAccountDeletion(db, { accountId: auth.accountId, waitDays: settings.waitDays });
}

/**
 * Mails the account's other active ADMINs the same notice the owner gets: an account going away
 * (or staying after all) concerns every one of them.
 */
async function mailOtherAdmins(
  tx: Transaction,
  input: { auth: AuthContext; kind: SecurityEventKind; detail: Record<string, string>; appUrl: string },
): Promise<void> {
  const admins = await tx
    .select({ user: users })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(
      and(
        eq(accountUsers.accountId, input.auth.accountId),
        eq(accountUsers.role, 'ADMIN'),
        eq(accountUsers.status, 'ACTIVE'),
        ne(accountUsers.userId, input.auth.userId),
      ),
    );
  for (const { user } of admins) {
    await enqueueMail(tx, {
      template: 'securityNotice',
      to: user.email,
      locale: isLocale(user.locale) ? user.locale : 'en',
      data: {
        firstName: user.firstName,
        kind: input.kind,
        detail: input.detail,
        at: new Date().toISOString(),
        timezone: user.timezone ?? 'UTC',
        ip: null,
        securityUrl: `${input.appUrl}/account/settings`,
      },
    });
  }
}

/**
 * The mailed link, opened by the owner signed in to the account: the deletion is scheduled
 * `waitDays` from now and every live event of the account goes back to draft, so nothing more
 * is sold (decision 065).
 */
export async function confirmAccountDeletion({
  db,
  auth,
  token,
  settings,
}: {
  db: Database;
  auth: AuthContext;
  token: string;
  settings: DeletionSettings & { ip: string | null };
}): Promise<AccountDeletionResponse> {
  assertOwner(auth);
  await inTransaction(db, async (tx) => {
    const found = await lockLink(tx, token, 'ACCOUNT_DELETION');
    if (
      found?.state !== 'valid' ||
      found.link.userId !== auth.userId ||
      found.link.accountId !== auth.accountId
    ) {
      throw new AppError('ACCOUNT_DELETION_LINK_INVALID');
    }
    const row = await deletionOf(tx, auth.accountId);
    if (!row || row.confirmedAt) throw new AppError('ACCOUNT_DELETION_LINK_INVALID');
    await assertNoUpcomingPaidOrders(tx, auth.accountId);
    await markLinkUsed(tx, found.link.id);
    const deleteAfter = new Date(Date.now() + settings.waitDays * DAY_MS);
    await tx
      .update(accountDeletions)
      .set({ confirmedAt: sql`now()`, deleteAfter })
      .where(eq(accountDeletions.accountId, auth.accountId));
    await tx
      .update(events)
      .set({ status: 'DRAFT', updatedAt: sql`now()` })
      .where(and(eq(events.accountId, auth.accountId), eq(events.status, 'LIVE')));
    await enqueue(tx, {
      type: ACCOUNT_DELETION_JOB,
      payload: { account_id: auth.accountId },
      runAt: deleteAfter,
      uniqueKey: `account-deletion:${auth.accountId}:${found.link.id}`,
      maxAttempts: 20,
    });
    const detail = {
      account: await accountName(tx, auth.accountId),
      date: deleteAfter.toISOString().slice(0, 10),
    };
    await recordSecurityEvent(tx, {
      kind: 'ACCOUNT_DELETION_REQUESTED',
      userId: auth.userId,
      account: auth.accountId,
      detail,
      ip: settings.ip,
      appUrl: settings.appUrl,
    });
    await mailOtherAdmins(tx, { auth, kind: 'ACCOUNT_DELETION_REQUESTED', detail, appUrl: settings.appUrl });
  });
  return getAccountDeletion(db, { accountId: auth.accountId, waitDays: settings.waitDays });
}

/**
 * `DELETE /api/accounts/current/deletion`: any ADMIN may stop a pending deletion. Its links stop
 * working; the events taken off sale stay drafts until someone puts them back on sale.
 */
export async function cancelAccountDeletion({
  db,
  auth,
  settings,
}: {
  db: Database;
  auth: AuthContext;
  settings: DeletionSettings & { ip: string | null };
}): Promise<AccountDeletionResponse> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .delete(accountDeletions)
      .where(eq(accountDeletions.accountId, auth.accountId))
      .returning();
    if (!row) throw new AppError('ACCOUNT_DELETION_NOT_PENDING');
    if (row.requestedBy !== null) {
      await revokeLinks(tx, {
        purpose: 'ACCOUNT_DELETION',
        userId: row.requestedBy,
        accountId: auth.accountId,
      });
    }
    if (!row.confirmedAt) return;
    const detail = { account: await accountName(tx, auth.accountId) };
    await recordSecurityEvent(tx, {
      kind: 'ACCOUNT_DELETION_CANCELLED',
      userId: auth.userId,
      account: auth.accountId,
      detail,
      ip: settings.ip,
      appUrl: settings.appUrl,
    });
    await mailOtherAdmins(tx, { auth, kind: 'ACCOUNT_DELETION_CANCELLED', detail, appUrl: settings.appUrl });
  });
  return getAccountDeletion(db, { accountId: auth.accountId, waitDays: settings.waitDays });
}
