/**
 * The text in a ticket's QR code. One function, so that the check-in issue can sign it (and
 * the scanner parse it) in one place. Version 1 is the attendee's short id: unguessable
 * (128 random bits), so it cannot be made up, but it is not yet signed.
 */
export const TICKET_CODE_PREFIX = 'TSR1:';

export function ticketCode(attendeeShortId: string): string {
  return `${TICKET_CODE_PREFIX}${attendeeShortId}`;
}

/** The attendee short id in a scanned code, or null when it is not one of ours. */
export function parseTicketCode(code: string): string | null {
  if (!code.startsWith(TICKET_CODE_PREFIX)) return null;
  const id = code.slice(TICKET_CODE_PREFIX.length);
  return /^[A-Za-z0-9_-]{22}$/.test(id) ? id : null;
}
