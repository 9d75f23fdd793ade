import { eq } from 'drizzle-orm';
import type { Role } from '../../common/accounts';
import { CreateApiKeyRequest } from '../../common/api-keys';
import type { App } from '../app';
import { apiKeys } from '../db/schema';
import { createApiKey, revokeApiKey } from '../modules/api-keys/service';
import type { Owner } from './builders';

// The authorization sweep's API keys (decision 025): each role's, revoked, expired, and another account's.

export async function makeApiKeys(app: App, holders: { owner: Owner; other: Owner; tag: string }) {
  const { owner, other, tag } = holders;
  const key = async (holder: Owner, role: Role, name = `Zapier ${tag}`) =>
    createApiKey(app.db, holder.auth, CreateApiKeyRequest.parse({ name, role }));
  const admin = await key(owner, 'ADMIN');
  const organizer = await key(owner, 'ORGANIZER');
  const otherAdmin = await key(other, 'ADMIN', `Rival sync ${tag}`);
  const revoked = await key(owner, 'ADMIN');
  await revokeApiKey(app.db, owner.auth, revoked.id);
  const expired = await key(owner, 'ADMIN');
  await app.db
    .update(apiKeys)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(apiKeys.id, expired.id));
  return { admin, organizer, other: otherAdmin, revoked, expired };
}
