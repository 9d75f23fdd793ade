/**
 * The text in a ticket's QR code, in one place for the server that signs it and the door
 * devices that read it: `TS3.{attendee short id}.{event id}.{ticket id}.{date id}.{signature}`,
 * where the signature is the event's Ed25519 signature of everything before it (base64url). A
 * device holding the event's public key can so tell a real ticket from a made-up or altered one,
 * and one for another date of the event (issue 36), without asking the server. Codes written
 * before dates (`TS2`, no date) still read: their date is the attendee's.
 */
export const TICKET_CODE_VERSION = 'TS3';

export interface TicketCodeParts {
  attendeeShortId: string;
  eventId: number;
  ticketId: number;
  /** The date the ticket is for; absent in codes written before dates (`TS2`). */
  dateId?: number | undefined;
}

/** What is signed. */
export function ticketCodeMessage(parts: TicketCodeParts): string {
  const { attendeeShortId, eventId, ticketId, dateId } = parts;
  return dateId === undefined
    ? `TS2.${attendeeShortId}.${eventId}.${ticketId}`
    : `${TICKET_CODE_VERSION}.${attendeeShortId}.${eventId}.${ticketId}.${dateId}`;
}

export function ticketCode(parts: TicketCodeParts, signature: string): string {
  return `${ticketCodeMessage(parts)}.${signature}`;
}

const ID = '([1-9]\\d{0,15})';
const CODE = new RegExp(
  `^(?:TS2\\.([A-Za-z0-9_-]{22})\\.${ID}\\.${ID}|TS3\\.([A-Za-z0-9_-]{22})\\.${ID}\\.${ID}\\.${ID})\\.([A-Za-z0-9_-]{86})$`,
);

/** The parts of a scanned code and what was signed, or null when it is not one of ours. */
export function parseTicketCode(
  code: string,
): (TicketCodeParts & { message: string; signature: string }) | null {
  const match = CODE.exec(code.trim());
  if (!match) return null;
  const [, short2, event2, ticket2, short3, event3, ticket3, date3, signature = ''] = match;
  const parts: TicketCodeParts =
    short3 === undefined
      ? { attendeeShortId: short2 ?? '', eventId: Number(event2), ticketId: Number(ticket2) }
      : {
          attendeeShortId: short3,
          eventId: Number(event3),
          ticketId: Number(ticket3),
          dateId: Number(date3),
        };
  return { ...parts, message: ticketCodeMessage(parts), signature };
}

/**
 * How check-in lists name a ticket without giving its link away: the first 128 bits of the
 * SHA-256 of the attendee's short id, base64url (22 characters). Door devices work it out from
 * a scanned code with WebCrypto; the server with node:crypto.
 */
export const TICKET_CODE_HASH = { algorithm: 'SHA-256', bytes: 16 } as const;
