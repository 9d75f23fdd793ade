import { z } from 'zod';
import { ROLES } from './accounts';
import { LIMITS } from './limits';

/**
 * API keys of an account (decision 025): `tsk_`, a visible part that names the key in lists
 * (`prefix`), `_`, and a 256-bit secret. Only the key's SHA-256 is stored; the whole key is
 * answered once, when it is created.
 */
export const API_KEY_PREFIX = 'tsk_';
/** `tsk_` + 8 visible characters + `_` + 43 secret characters (32 random bytes, base64url). */
export const API_KEY_PATTERN = /^tsk_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43}$/;

export const API_KEY_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** `POST /api/api-keys`. */
export const CreateApiKeyRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(LIMITS.apiKey.nameMax),
    role: z.enum(ROLES),
    /** After this moment the key answers 401; left out or null for a key that does not expire. */
    expires_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

export const ApiKeyResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    role: z.enum(ROLES),
    /** The visible start of the key (`tsk_` and 8 characters), to recognise it; never the secret. */
    prefix: z.string(),
    status: z.enum(API_KEY_STATUSES),
    /** Who created it; null if that user is gone. */
    created_by: z.string().nullable(),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime().nullable(),
    /** When the key last authenticated a request, to the minute; null if never. */
    last_used_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>;

/** The answer to creating a key: the only time the whole key is shown. */
export const CreatedApiKeyResponse = ApiKeyResponse.extend({
  /** The key itself, for `Authorization: Bearer <key>`. It cannot be shown again. */
  key: z.string().regex(API_KEY_PATTERN),
}).meta({ id: 'CreatedApiKey' });
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponse>;
