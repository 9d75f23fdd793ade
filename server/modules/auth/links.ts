import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client';
import { type LinkPurpose, userLinks } from '../../db/schema';
import { hashToken, newToken } from '../../http/auth';

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  EMAIL_CONFIRMATION: 7 * 24 * 60 * 60 * 1000,
  PASSWORD_RESET: 60 * 60 * 1000,
  EMAIL_CHANGE: 24 * 60 * 60 * 1000,
  INVITATION: 7 * 24 * 60 * 60 * 1000,
  ACCOUNT_DELETION: 24 * 60 * 60 * 1000,
};

export type LinkRow = typeof userLinks.$inferSelect;
export type LinkState = 'valid' | 'used' | 'revoked' | 'expired';

/**
 * Issues a single-use link token (only its hash is stored) and revokes the earlier unused
 * links of the same purpose for the same user (and account), so only the newest one works.
 */
export async function createLink(
  tx: Transaction,
  input: { purpose: LinkPurpose; userId: number; email: string; accountId?: number },
): Promise<string> {
  await revokeLinks(tx, input);
  const token = newToken();
  await tx.insert(userLinks).values({
    tokenHash: hashToken(token),
    purpose: input.purpose,
    userId: input.userId,
    accountId: input.accountId,
    email: input.email,
    expiresAt: new Date(Date.now() + LINK_TTL_MS[input.purpose]),
  });
  return token;
}

export async function revokeLinks(
  db: Db,
  input: { purpose: LinkPurpose; userId: number; accountId?: number },
): Promise<void> {
  await db
    .update(userLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(userLinks.purpose, input.purpose),
        eq(userLinks.userId, input.userId),
        input.accountId === undefined ? undefined : eq(userLinks.accountId, input.accountId),
        isNull(userLinks.usedAt),
        isNull(userLinks.revokedAt),
      ),
    );
}

/**
 * Finds a link by its token and locks the row until the transaction ends, so two clicks on the
 * same link cannot both use it.
 */
export async function lockLink(
  tx: Transaction,
  token: string,
  purpose: LinkPurpose,
): Promise<{ link: LinkRow; state: LinkState } | null> {
  const [link] = await tx
    .select()
    .from(userLinks)
    .where(and(eq(userLinks.tokenHash, hashToken(token)), eq(userLinks.purpose, purpose)))
    .for('update');
  if (!link) return null;
  const state: LinkState = link.usedAt
    ? 'used'
    : link.revokedAt
      ? 'revoked'
      : link.expiresAt.getTime() <= Date.now()
        ? 'expired'
        : 'valid';
  return { link, state };
}

export async function markLinkUsed(db: Db, id: number): Promise<void> {
  await db.update(userLinks).set({ usedAt: sql`now()` }).where(eq(userLinks.id, id));
}
