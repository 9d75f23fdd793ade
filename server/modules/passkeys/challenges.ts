import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ChallengePurpose, webauthnChallenges } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashToken, newToken } from '../../http/tokens';

/** A WebAuthn challenge lives five minutes and is answered once (decision 066). */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Keeps a challenge handed to the browser; answers the handle its answer comes back with. */
export async function storeChallenge(
  db: Db,
  input: { purpose: ChallengePurpose; challenge: string; userId: number | null },
): Promise<string> {
  const handle = newToken();
  // Old challenges nobody answered are of no use to anyone.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({
    tokenHash: hashToken(handle),
    purpose: input.purpose,
    challenge: input.challenge,
    userId: input.userId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return handle;
}

/**
 * Uses a challenge up and answers it: 410 when unknown, expired, already answered or of another
 * purpose. Written at once, so a failed check afterwards still leaves it spent.
 */
export async function spendChallenge(
  db: Db,
  input: { handle: string; purpose: ChallengePurpose },
): Promise<{ challenge: string; userId: number | null }> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(webauthnChallenges.tokenHash, hashToken(input.handle)),
        eq(webauthnChallenges.purpose, input.purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, userId: webauthnChallenges.userId });
  if (!row) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  return row;
}
