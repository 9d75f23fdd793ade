import { and, desc, eq, lt } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import type { SecurityEventKind, SecurityEventResponse } from '../../../common/security';
import type { Db } from '../../db/client';
import { accounts, accountUsers, securityEvents, users } from '../../db/schema';
import { enqueueMail } from '../../mail/send';

/** What a security event says beyond its kind: counts and names, never a buyer's personal data. */
export type SecurityDetail = Record<string, string | number | boolean | null>;

export interface SecurityEventInput {
  kind: SecurityEventKind;
  /** The login it concerns (mailed about it), or null for an account's own event. */
  userId: number | null;
  /**
   * The account whose ADMINs see it; `'memberships'` for an event of the login itself (two-factor,
   * passkeys, sessions), seen in every account the user is an active member of.
   */
  account: number | 'memberships';
  detail?: SecurityDetail;
  ip?: string | null;
  /** Public base URL of the app, for the mail's link. */
  appUrl: string;
  /** False when the caller mails the user itself (a deleted login gets its own farewell). */
  notify?: boolean;
}

async function accountsOf(db: Db, input: SecurityEventInput): Promise<number[]> {
  if (input.account !== 'memberships') return [input.account];
  if (input.userId === null) return [];
  const rows = await db
    .select({ accountId: accountUsers.accountId })
    .from(accountUsers)
    .where(and(eq(accountUsers.userId, input.userId), eq(accountUsers.status, 'ACTIVE')));
  return rows.map((r) => r.accountId);
}

/**
 * Keeps a security event in the audit log of its account(s) and, in the same transaction,
 * queues the mail that tells the user (decision 063).
 */
export async function recordSecurityEvent(db: Db, input: SecurityEventInput): Promise<void> {
  const detail = input.detail ?? {};
  const ip = input.ip?.slice(0, 64) ?? null;
  const accountIds = await accountsOf(db, input);
  const rows = accountIds.length > 0 ? accountIds : [null];
  await db
    .insert(securityEvents)
    .values(rows.map((accountId) => ({ accountId, userId: input.userId, kind: input.kind, detail, ip })));
  if (input.userId === null || input.notify === false) return;
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) return;
  await enqueueMail(db, {
    template: 'securityNotice',
    to: user.email,
    locale: isLocale(user.locale) ? user.locale : 'en',
    data: {
      firstName: user.firstName,
      kind: input.kind,
      detail,
      at: new Date().toISOString(),
      timezone: user.timezone ?? 'UTC',
      ip,
      securityUrl: `${input.appUrl}/manage/profile/security`,
    },
  });
}

const PAGE = 100;

/** The account's audit log, newest first, a page of 100 (older ones with `before`, an event id). */
export async function listSecurityEvents(
  db: Db,
  input: { accountId: number; before?: number },
): Promise<SecurityEventResponse[]> {
  const rows = await db
    .select({ event: securityEvents, user: users })
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .where(
      and(
        eq(securityEvents.accountId, input.accountId),
        input.before === undefined ? undefined : lt(securityEvents.id, input.before),
      ),
    )
    .orderBy(desc(securityEvents.id))
    .limit(PAGE);
  return rows.map(({ event, user }) => ({
    id: event.id,
    kind: event.kind as SecurityEventKind,
    user: user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : null,
    detail: event.detail,
    ip: event.ip,
    created_at: event.createdAt.toISOString(),
  }));
}

/** The account's name, for the sentences of account-wide events. */
export async function accountName(db: Db, accountId: number): Promise<string> {
  const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name ?? '';
}
