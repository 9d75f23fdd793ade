import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  parseTicketCode,
  type TicketCodeParts,
  ticketCode,
  ticketCodeMessage,
} from '../../../common/ticket-code';
import type { Db } from '../../db/client';
import { eventSigningKeys } from '../../db/schema';

interface EventKey {
  /** The raw public key, base64url: what door devices verify with. */
  publicKey: string;
  privateKey: KeyObject;
  verifyKey: KeyObject;
}

// Keys never change once made, so each is read once per database (tests open several).
const caches = new WeakMap<Db, Map<number, EventKey>>();

function toKey(row: { publicKey: string; privateKey: string }): EventKey {
  const jwk = { kty: 'OKP', crv: 'Ed25519', x: row.publicKey };
  return {
    publicKey: row.publicKey,
    privateKey: createPrivateKey({ key: { ...jwk, d: row.privateKey }, format: 'jwk' }),
    verifyKey: createPublicKey({ key: jwk, format: 'jwk' }),
  };
}

/** The event's signing key, made and stored on first use (two makers at once: the first wins). */
export async function getEventKey(db: Db, eventId: number): Promise<EventKey> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const cached = cache.get(eventId);
  if (cached) return cached;
  let [row] = await db.select().from(eventSigningKeys).where(eq(eventSigningKeys.eventId, eventId));
  if (!row) {
    const pair = generateKeyPairSync('ed25519');
    const { x, d } = pair.privateKey.export({ format: 'jwk' });
    if (!x || !d) throw new Error('ed25519 key export failed');
    await db.insert(eventSigningKeys).values({ eventId, publicKey: x, privateKey: d }).onConflictDoNothing();
    [row] = await db.select().from(eventSigningKeys).where(eq(eventSigningKeys.eventId, eventId));
    if (!row) throw new Error('signing key not stored');
  }
  const key = toKey(row);
  cache.set(eventId, key);
  return key;
}

/** A function that writes signed ticket codes for one event's attendees. */
export async function getTicketSigner(
  db: Db,
  eventId: number,
): Promise<(parts: Omit<TicketCodeParts, 'eventId'> & { dateId: number }) => string> {
  const key = await getEventKey(db, eventId);
  return (parts) => {
    const full = { ...parts, eventId };
    return ticketCode(
      full,
      sign(null, Buffer.from(ticketCodeMessage(full)), key.privateKey).toString('base64url'),
    );
  };
}

/** The parts of a ticket code this event signed, or null for anything made up or altered. */
export async function verifyTicketCode(
  db: Db,
  eventId: number,
  code: string,
): Promise<TicketCodeParts | null> {
  const parsed = parseTicketCode(code);
  if (!parsed || parsed.eventId !== eventId) return null;
  const key = await getEventKey(db, eventId);
  const ok = verify(
    null,
    Buffer.from(parsed.message),
    key.verifyKey,
    Buffer.from(parsed.signature, 'base64url'),
  );
  if (!ok) return null;
  const { message: _message, signature: _signature, ...parts } = parsed;
  return parts;
}
