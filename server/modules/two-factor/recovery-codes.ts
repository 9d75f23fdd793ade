import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryCodes } from '../../db/schema';

/*
 * Recovery codes (decision 063): ten single-use codes, each 10 characters from a 32-letter
 * alphabet (50 bits), shown once and kept as SHA-256. Making new ones voids the old ones.
 */

const COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** As printed for the user: two groups of five. */
const printed = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Replaces the user's recovery codes with ten new ones, returned once. */
export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: COUNT }, newCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  return codes.map(printed);
}

/** Uses one recovery code (normalized: lower case, no dash); false when unknown or used. */
export async function spendRecoveryCode(db: Db, input: { userId: number; code: string }): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, input.userId),
        eq(recoveryCodes.codeHash, hashCode(input.code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function removeRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
