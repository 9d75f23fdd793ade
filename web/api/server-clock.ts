/**
 * What time the server has. A reservation runs on the server's clock, not the buyer's: a phone
 * set five minutes wrong must still count down to the real end. Every checkout answer, and the
 * one that makes the order on the event page, carries an HTTP `Date` header; the offset is the
 * server's time less the local time halfway through the call (the countdown is in
 * `features/checkout/clock.ts`).
 */

/** Server time minus local time in ms, from one answer; null when the header is missing or bad. */
export function offsetFromDateHeader(
  header: string | null,
  sentAt: number,
  receivedAt: number,
): number | null {
  if (!header) return null;
  const server = Date.parse(header);
  if (Number.isNaN(server)) return null;
  // The header has whole seconds (the server's clock read somewhere in [server, server + 1s)):
  // taking the upper end errs on the side of showing the buyer less time, never more.
  return server + 1000 - (sentAt + receivedAt) / 2;
}

let offset = 0;

/** Records what one API answer says of the server's clock (an `onResponse` of `apiFetch`). */
export function observeServerClock(response: Response, sentAt: number, receivedAt = Date.now()): void {
  const next = offsetFromDateHeader(response.headers.get('date'), sentAt, receivedAt);
  if (next !== null) offset = next;
}

export const serverClockOffset = () => offset;
