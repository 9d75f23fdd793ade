import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit token for a session or a link, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: a leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
