/**
 * The text in a ticket's QR code, in one place for the server that signs it and the door
 * devices that read it: `TS2.{attendee short id}.{event id}.{ticket id}.{signature}`, where
 * the signature is the event's Ed25519 signature of everything before it (base64url). A device
 * holding the event's public key can so tell a real ticket from a made-up or altered one
 * without asking the server.
 */
export const TICKET_CODE_VERSION = 'TS2';

export interface TicketCodeParts {
  attendeeShortId: string;
  eventId: number;
  ticketId: number;
}

/** What is signed. */
export function ticketCodeMessage(parts: TicketCodeParts): string {
  return `${TICKET_CODE_VERSION}.${parts.attendeeShortId}.${parts.eventId}.${parts.ticketId}`;
}

export function ticketCode(parts: TicketCodeParts, signature: string): string {
  return `${ticketCodeMessage(parts)}.${signature}`;
}

const CODE = /^TS2\.([A-Za-z0-9_-]{22})\.([1-9]\d{0,15})\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{86})$/;

/** The parts of a scanned code and what was signed, or null when it is not one of ours. */
export function parseTicketCode(
  code: string,
): (TicketCodeParts & { message: string; signature: string }) | null {
  const match = CODE.exec(code.trim());
  if (!match) return null;
  const [, attendeeShortId = '', eventId = '', ticketId = '', signature = ''] = match;
  const parts = { attendeeShortId, eventId: Number(eventId), ticketId: Number(ticketId) };
  return { ...parts, message: ticketCodeMessage(parts), signature };
}

/**
 * How check-in lists name a ticket without giving its link away: the first 128 bits of the
 * SHA-256 of the attendee's short id, base64url (22 characters). Door devices work it out from
 * a scanned code with WebCrypto; the server with node:crypto.
 */
export const TICKET_CODE_HASH = { algorithm: 'SHA-256', bytes: 16 } as const;
