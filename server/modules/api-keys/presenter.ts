import type { ApiKeyResponse, ApiKeyStatus } from '../../../common/api-keys';
import type { apiKeys } from '../../db/schema';

type ApiKeyRow = typeof apiKeys.$inferSelect;

export function apiKeyStatus(
  row: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>,
  now = new Date(),
): ApiKeyStatus {
  if (row.revokedAt) return 'REVOKED';
  if (row.expiresAt && row.expiresAt <= now) return 'EXPIRED';
  return 'ACTIVE';
}

/** A key as the list shows it: never its hash, only its visible prefix. */
export function toApiKeyResponse(row: ApiKeyRow, createdBy: string | null): ApiKeyResponse {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    prefix: row.prefix,
    status: apiKeyStatus(row),
    created_by: createdBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
