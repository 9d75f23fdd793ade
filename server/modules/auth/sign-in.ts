import { and, eq, gt, isNull, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoginRequest, LoginResponse } from '../../../common/auth';
import type { ContinueLoginRequest } from '../../../common/security';
import type { Database, Db } from '../../db/client';
import { accounts, accountUsers, type LoginStage, loginTickets, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { hashToken, newToken } from '../../http/tokens';
import type { SecretBox } from '../../secrets';
import { recordSecurityEvent } from '../security-events/service';
import { recoveryCodesLeft, spendRecoveryCode } from '../two-factor/recovery-codes';
import { secondFactorsOf } from '../two-factor/status';
import { checkTotp } from '../two-factor/totp';
import { verifyPassword } from './passwords';
import { getSessionResponse } from './service';
import { type ClientInfo, createSession } from './sessions';

/*
 * The steps of a sign-in after its first factor (decision 063): choosing an account, then the
 * second factor when the user has one. A step still owed is a login ticket: single use, five
 * minutes, five wrong codes; and no user gets more than ten wrong codes in fifteen minutes,
 * however many tickets they open.
 */

const TICKET_TTL_MS = 5 * 60 * 1000;
const TICKET_ATTEMPTS = 5;
const USER_ATTEMPTS = 10;
const USER_WINDOW_MS = 15 * 60 * 1000;

export type FirstFactor = 'PASSWORD' | 'PASSKEY';

export interface SignInContext {
  client: ClientInfo;
  secrets: SecretBox;
  appUrl: string;
}

async function openTicket(
  db: Db,
  input: { userId: number; accountId: number | null; stage: LoginStage },
): Promise<string> {
  const ticket = newToken();
  await db.insert(loginTickets).values({
    tokenHash: hashToken(ticket),
    userId: input.userId,
    accountId: input.accountId,
    stage: input.stage,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return ticket;
}

async function activeAccounts(db: Db, userId: number) {
  return db
    .select({ id: accountUsers.accountId, name: accounts.name })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, userId), eq(accountUsers.status, 'ACTIVE')))
    .orderBy(accounts.name, accounts.id);
}

/** Opens the session, in one transaction with what the last step wrote. */
async function openSession(
  db: Database,
  input: { userId: number; accountId: number; client: ClientInfo },
): Promise<LoginResponse> {
  return inTransaction(db, async (tx) => {
    const token = await createSession(tx, input);
    return getSessionResponse({ db: tx, token, userId: input.userId, accountId: input.accountId });
  });
}

/**
 * What follows a right first factor: the list of accounts to choose from (a user of several who
 * named none), the second factor owed (after a password, when the user has one), or a session.
 * A passkey is both factors at once.
 */
export async function afterFirstFactor(
  db: Database,
  input: { userId: number; accountId?: number; factor: FirstFactor; client: ClientInfo },
): Promise<LoginResponse> {
  const active = await activeAccounts(db, input.userId);
  let accountId: number | undefined;
  if (input.accountId !== undefined) {
    accountId = active.find((a) => a.id === input.accountId)?.id;
    if (accountId === undefined) throw new AppError('USER_INACTIVE');
  } else if (active.length === 1) {
    accountId = active[0]?.id;
  } else if (active.length > 1) {
    // After a password the form asks again with the account; a passkey is not asked twice.
    const ticket =
      input.factor === 'PASSKEY'
        ? await openTicket(db, { userId: input.userId, accountId: null, stage: 'ACCOUNT' })
        : undefined;
    return { accounts: active, ...(ticket ? { ticket } : {}) };
  }
  if (accountId === undefined) throw new AppError('USER_INACTIVE');
  if (input.factor === 'PASSWORD') {
    const methods = await secondFactorsOf(db, input.userId);
    if (methods.length > 0) {
      const ticket = await openTicket(db, { userId: input.userId, accountId, stage: 'SECOND_FACTOR' });
      return { two_factor: { ticket, methods } };
    }
  }
  return openSession(db, { userId: input.userId, accountId, client: input.client });
}

type Ticket = typeof loginTickets.$inferSelect;

/** A live ticket, or 410: unknown, used, expired, or out of attempts (its own or its user's). */
export async function liveTicket(db: Db, token: string): Promise<Ticket> {
  const [ticket] = await db
    .select()
    .from(loginTickets)
    .where(
      and(
        eq(loginTickets.tokenHash, hashToken(token)),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, new Date()),
      ),
    );
  if (!ticket || ticket.attempts >= TICKET_ATTEMPTS) throw new AppError('LOGIN_TICKET_EXPIRED');
  const [recent] = await db
    .select({ n: sum(loginTickets.attempts).mapWith(Number) })
    .from(loginTickets)
    .where(
      and(
        eq(loginTickets.userId, ticket.userId),
        gt(loginTickets.createdAt, new Date(Date.now() - USER_WINDOW_MS)),
      ),
    );
  if ((recent?.n ?? 0) >= USER_ATTEMPTS) throw new AppError('LOGIN_TICKET_EXPIRED');
  return ticket;
}

/** Counts a wrong code against the ticket (outside the transaction that failed). */
async function countWrongCode(db: Db, ticketId: number): Promise<never> {
  await db
    .update(loginTickets)
    .set({ attempts: sql`${loginTickets.attempts} + 1` })
    .where(eq(loginTickets.id, ticketId));
  throw new AppError('TWO_FACTOR_CODE_INVALID');
}

/** Uses a ticket up (once: a second use of one ticket finds it used and gets 410). */
async function spendTicket(db: Db, ticketId: number): Promise<void> {
  const spent = await db
    .update(loginTickets)
    .set({ usedAt: new Date() })
    .where(and(eq(loginTickets.id, ticketId), isNull(loginTickets.usedAt)))
    .returning({ id: loginTickets.id });
  if (spent.length === 0) throw new AppError('LOGIN_TICKET_EXPIRED');
}

/**
 * Ends a second-factor ticket with a factor checked elsewhere (a passkey), opening the session.
 * The caller has checked that the factor belongs to the ticket's user.
 */
export async function finishSecondFactor(
  db: Database,
  input: { ticket: Ticket; client: ClientInfo },
): Promise<LoginResponse> {
  const { ticket } = input;
  if (ticket.stage !== 'SECOND_FACTOR' || ticket.accountId === null)
    throw new AppError('LOGIN_TICKET_EXPIRED');
  await spendTicket(db, ticket.id);
  return openSession(db, { userId: ticket.userId, accountId: ticket.accountId, client: input.client });
}

/** `POST /api/auth/login`: the password checked, then what `afterFirstFactor` says. */
export async function logInUser(
  db: Database,
  input: z.output<typeof LoginRequest>,
  context: { client: ClientInfo },
): Promise<LoginResponse> {
  const [user] = await db.select().from(users).where(eq(users.email, input.email));
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    throw new AppError('INVALID_CREDENTIALS');
  }
  return afterFirstFactor(db, {
    userId: user.id,
    accountId: input.account_id,
    factor: 'PASSWORD',
    client: context.client,
  });
}

/** `POST /api/auth/login/continue`: the account chosen, or the code (or a recovery code) given. */
export async function continueLogin(
  db: Database,
  input: z.output<typeof ContinueLoginRequest>,
  context: SignInContext,
): Promise<LoginResponse> {
  const ticket = await liveTicket(db, input.ticket);
  if (ticket.stage === 'ACCOUNT') {
    if (input.account_id === undefined) throw new AppError('USER_INACTIVE');
    await spendTicket(db, ticket.id);
    return afterFirstFactor(db, {
      userId: ticket.userId,
      accountId: input.account_id,
      factor: 'PASSKEY',
      client: context.client,
    });
  }
  if (ticket.accountId === null) throw new AppError('LOGIN_TICKET_EXPIRED');
  const right = await inTransaction(db, async (tx) => {
    if (input.code !== undefined) {
      return checkTotp(tx, { userId: ticket.userId, code: input.code, secrets: context.secrets });
    }
    if (input.recovery_code === undefined) return false;
    if (!(await spendRecoveryCode(tx, { userId: ticket.userId, code: input.recovery_code }))) return false;
    await recordSecurityEvent(tx, {
      kind: 'RECOVERY_CODE_USED',
      userId: ticket.userId,
      account: 'memberships',
      detail: { left: await recoveryCodesLeft(tx, ticket.userId) },
      ip: context.client.ip,
      appUrl: context.appUrl,
    });
    return true;
  });
  if (!right) return countWrongCode(db, ticket.id);
  return finishSecondFactor(db, { ticket, client: context.client });
}
