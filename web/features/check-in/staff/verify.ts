import type {
  CheckInAttendee,
  CheckInOutcome,
  CheckInResponse,
  PublicCheckInListResponse,
} from '../../../../common/check-in';
import { checkInListState } from '../../../../common/check-in';
import { parseTicketCode, TICKET_CODE_HASH, type TicketCodeParts } from '../../../../common/ticket-code';

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** `ticketCodeHash` of an attendee short id, as the server writes it (see `TICKET_CODE_HASH`). */
export async function codeHash(attendeeShortId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(attendeeShortId));
  return toBase64Url(new Uint8Array(digest).subarray(0, TICKET_CODE_HASH.bytes));
}

/**
 * The parts of a code the event really signed, checked with its public key and no network; null
 * for anything made up, altered, or of another event.
 */
export async function verifyOffline(
  code: string,
  publicKey: string,
  eventId: number,
): Promise<TicketCodeParts | null> {
  const parsed = parseTicketCode(code);
  if (!parsed || parsed.eventId !== eventId) return null;
  try {
    const key = await crypto.subtle.importKey('raw', fromBase64Url(publicKey), { name: 'Ed25519' }, false, [
      'verify',
    ]);
    const ok = await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      fromBase64Url(parsed.signature),
      new TextEncoder().encode(parsed.message),
    );
    if (!ok) return null;
    const { message: _message, signature: _signature, ...parts } = parsed;
    return parts;
  } catch {
    return null;
  }
}

/** What a device offline knows: the list, its attendees and the cancelled tickets. */
export interface OfflineList {
  list: PublicCheckInListResponse;
  attendees: CheckInAttendee[];
}

/**
 * Decides a scan without the server, as the server would: list open, code genuine, ticket on
 * the list, not cancelled (revoked), paid (or paid now at the door: `markPaid`), not already in
 * on this device. The server has the last word when the scan is uploaded.
 */
export async function decideOffline(
  data: OfflineList,
  scan: ({ code: string } | { attendeeId: number }) & { markPaid?: boolean },
  now: Date,
): Promise<{ outcome: CheckInOutcome; attendee?: CheckInAttendee }> {
  const state = checkInListState(data.list, now);
  if (state === 'NOT_YET_ACTIVE') return { outcome: 'LIST_NOT_ACTIVE' };
  if (state === 'EXPIRED') return { outcome: 'LIST_EXPIRED' };
  let attendee: CheckInAttendee | undefined;
  let ticketId: number;
  if ('code' in scan) {
    const parts = await verifyOffline(scan.code, data.list.event.public_key, data.list.event.id);
    if (!parts) return { outcome: 'INVALID' };
    const hash = await codeHash(parts.attendeeShortId);
    if (data.list.revoked.includes(hash)) return { outcome: 'CANCELLED' };
    // A list bound to one date: a code for another date is refused on its face (issue 36).
    if (data.list.date && parts.dateId !== undefined && parts.dateId !== data.list.date.id)
      return { outcome: 'WRONG_DATE' };
    attendee = data.attendees.find((a) => a.code_hash === hash);
    ticketId = parts.ticketId;
  } else {
    attendee = data.attendees.find((a) => a.id === scan.attendeeId);
    if (!attendee) return { outcome: 'INVALID' };
    ticketId = attendee.ticket_id;
  }
  if (!data.list.ticket_ids.includes(ticketId)) return { outcome: 'NOT_ON_LIST', attendee };
  // A genuine code of someone who bought after the list was saved: let in, the server checks.
  if (!attendee) return { outcome: 'CHECKED_IN' };
  if (attendee.status === 'CANCELLED') return { outcome: 'CANCELLED', attendee };
  if (attendee.status === 'AWAITING_PAYMENT' && !scan.markPaid)
    return { outcome: 'AWAITING_PAYMENT', attendee };
  if (attendee.check_in) return { outcome: 'ALREADY_CHECKED_IN', attendee };
  return { outcome: 'CHECKED_IN', attendee };
}

/** The answer the page shows for an offline decision, shaped like the server's. */
export function offlineAnswer(
  decided: { outcome: CheckInOutcome; attendee?: CheckInAttendee },
  now: Date,
  device: string,
): CheckInResponse {
  const { outcome, attendee } = decided;
  return {
    outcome,
    ...(attendee
      ? {
          attendee: {
            id: attendee.id,
            first_name: attendee.first_name,
            last_name: attendee.last_name,
            ticket_title: attendee.ticket_title,
            order_reference: attendee.order_reference,
            // A list kept on the device before seats were listed has none.
            seat: attendee.seat ?? null,
          },
        }
      : {}),
    ...(outcome === 'AWAITING_PAYMENT' && attendee?.payment_due ? { payment_due: attendee.payment_due } : {}),
    ...(outcome === 'CHECKED_IN' ? { check_in: { id: -1, checked_in_at: now.toISOString(), device } } : {}),
    ...(outcome === 'ALREADY_CHECKED_IN' && attendee?.check_in ? { check_in: attendee.check_in } : {}),
  };
}
