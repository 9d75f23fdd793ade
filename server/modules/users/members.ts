import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MeResponse, UpdateUserRequest, UserResponse, UsersQuery } from '../../../common/users';
import type { Database, Db, Transaction } from '../../db/client';
import { accountUsers, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { findList } from '../../http/list';
import { getAccount, toAccountResponse } from '../accounts/service';
import { revokeUserSessions } from '../auth/sessions';
import { getMember, type Member, memberQuery, toUserResponse } from '../members/service';

/** The same, its membership locked until the transaction ends. */
export async function lockMember(tx: Transaction, accountId: number, userId: number): Promise<Member> {
  const [row] = await memberQuery(tx, accountId, userId).for('update', { of: accountUsers });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getMe(db: Db, auth: AuthContext): Promise<MeResponse> {
  const { user, membership } = await getMember(db, auth.accountId, auth.userId);
  const account = await getAccount(db, auth.accountId);
  return { ...toUserResponse(user, membership), account: toAccountResponse(account) };
}

export async function getUser(db: Db, auth: AuthContext, userId: number): Promise<UserResponse> {
  const { user, membership } = await getMember(db, auth.accountId, userId);
  return toUserResponse(user, membership);
}

type UsersListQuery = z.output<typeof UsersQuery>;

/** The account's users, searchable by name and e-mail. */
export function findUsers(db: Db, auth: AuthContext, query: UsersListQuery) {
  return findList(query, {
    where: [eq(accountUsers.accountId, auth.accountId)],
    filters: { role: { column: accountUsers.role }, status: { column: accountUsers.status } },
    search: [users.email, users.firstName, users.lastName],
    sort: {
      name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
      created_at: users.createdAt,
      last_login_at: (direction) => sql`${accountUsers.lastLoginAt} ${sql.raw(direction)} nulls last`,
    },
    tiebreaker: asc(users.id),
    select: (where) =>
      db
        .select({ user: users, membership: accountUsers })
        .from(accountUsers)
        .innerJoin(users, eq(users.id, accountUsers.userId))
        .where(where),
    count: async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(accountUsers)
        .innerJoin(users, eq(users.id, accountUsers.userId))
        .where(where);
      return Number(row?.n ?? 0);
    },
    present: (rows) => rows.map((r) => toUserResponse(r.user, r.membership)),
  });
}

/** Changes a user's role or status in this account. The owner's are fixed (decision 002). */
export async function updateUser({
  db,
  auth,
  userId,
  input,
}: {
  db: Database;
  auth: AuthContext;
  userId: number;
  input: UpdateUserRequest;
}): Promise<UserResponse> {
  return inTransaction(db, async (tx) => {
    const { user, membership } = await lockMember(tx, auth.accountId, userId);
    const changesRole = input.role !== undefined && input.role !== membership.role;
    const changesStatus = input.status !== undefined && input.status !== membership.status;
    if (membership.isOwner && (changesRole || changesStatus)) throw new AppError('OWNER_IMMUTABLE');
    if (changesStatus && membership.status === 'INVITED') throw new AppError('CONFLICT');
    const [updatedMembership] = await tx
      .update(accountUsers)
      .set({
        ...(input.role ? { role: input.role } : {}),
        ...(input.status ? { status: input.status } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(accountUsers.id, membership.id))
      .returning();
    let updatedUser = user;
    if (input.first_name !== undefined || input.last_name !== undefined) {
      const [row] = await tx
        .update(users)
        .set({
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id))
        .returning();
      if (row) updatedUser = row;
    }
    // A deactivated user is logged out of this account at once.
    if (input.status === 'INACTIVE' && changesStatus)
      await revokeUserSessions(tx, { userId, accountId: auth.accountId });
    return toUserResponse(updatedUser, updatedMembership ?? membership);
  });
}
