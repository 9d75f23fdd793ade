import { eq } from 'drizzle-orm';
import type { App } from '../app';
import { passkeys, sessions } from '../db/schema';
import { hashToken } from '../http/tokens';
import type { Owner } from './builders';

/**
 * The things of the authorization world's owner as a login (decision 066), for the routes that
 * name them: a passkey, and the owner's own session.
 */
export async function makeLoginThings(
  app: App,
  input: { owner: Owner; tag: string },
): Promise<{ passkeyId: number; passkeyName: string; sessionId: number }> {
  const passkeyName = `Keyring ${input.tag}`;
  const [passkey] = await app.db
    .insert(passkeys)
    .values({
      userId: input.owner.auth.userId,
      credentialId: `cred${input.tag}`,
      publicKey: 'pQECAyYgASFYIA',
      name: passkeyName,
    })
    .returning();
  if (!passkey) throw new Error('passkey insert returned nothing');
  const [session] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(input.owner.token)));
  if (!session) throw new Error('the owner has no session');
  return { passkeyId: passkey.id, passkeyName, sessionId: session.id };
}
