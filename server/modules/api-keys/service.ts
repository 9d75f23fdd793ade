import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiKeyResponse, CreateApiKeyRequest, CreatedApiKeyResponse } from '../../../common/api-keys';
import { VALIDATION } from '../../../common/i18n/validation';
import { LIMITS } from '../../../common/limits';
import type { Database, Db } from '../../db/client';
import { accounts, apiKeys, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { newApiKey } from '../../http/api-keys';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { toApiKeyResponse } from './presenter';

type CreateInput = z.output<typeof CreateApiKeyRequest>;

const creatorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

async function keyRows(db: Db, accountId: number, id?: number) {
  return db
    .select({ key: apiKeys, createdBy: creatorName })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.accountId, accountId), id === undefined ? undefined : eq(apiKeys.id, id)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** `GET /api/api-keys`: the account's keys, newest first, revoked ones included. */
export async function findApiKeys(db: Db, auth: AuthContext): Promise<ApiKeyResponse[]> {
  const rows = await keyRows(db, auth.accountId);
  return rows.map((row) => toApiKeyResponse(row.key, row.createdBy));
}

/**
 * `POST /api/api-keys`: a new key with its role and optional expiry. The answer is the only
 * place the whole key appears; the table keeps its SHA-256 and its visible prefix.
 */
export async function createApiKey(
  db: Database,
  auth: AuthContext,
  input: CreateInput,
): Promise<CreatedApiKeyResponse> {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw fieldError('expires_at', VALIDATION.dateInFuture);
  const { key, prefix, secretHash } = newApiKey();
  return inTransaction(db, async (tx) => {
    // One creation at a time per account, so the cap on unrevoked keys holds.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, auth.accountId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, auth.accountId), isNull(apiKeys.revokedAt)));
    if ((held?.n ?? 0) >= LIMITS.apiKey.maxActive) throw new AppError('API_KEY_LIMIT');
    const [row] = await tx
      .insert(apiKeys)
      .values({
        accountId: auth.accountId,
        createdByUserId: auth.userId,
        name: input.name,
        role: input.role,
        prefix,
        secretHash,
        expiresAt,
      })
      .returning({ id: apiKeys.id });
    if (!row) throw new Error('api key insert returned nothing');
    const [created] = await keyRows(tx, auth.accountId, row.id);
    if (!created) throw new Error('api key vanished');
    return { ...toApiKeyResponse(created.key, created.createdBy), key };
  });
}

/** `POST /api/api-keys/{keyId}/revoke`: the key answers 401 from now on; its row stays for the record. */
export async function revokeApiKey(db: Database, auth: AuthContext, id: number): Promise<ApiKeyResponse> {
  return inTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, auth.accountId)))
      .for('update');
    if (!found) throw new AppError('NOT_FOUND');
    if (found.revokedAt) throw new AppError('API_KEY_ALREADY_REVOKED');
    await tx.update(apiKeys).set({ revokedAt: sql`now()` }).where(eq(apiKeys.id, id));
    const [row] = await keyRows(tx, auth.accountId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toApiKeyResponse(row.key, row.createdBy);
  });
}
