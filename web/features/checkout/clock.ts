import { useSyncExternalStore } from 'react';

/**
 * The reservation runs on the server's clock, not the buyer's: a phone set five minutes wrong
 * must still count down to the real end. Every checkout answer carries an HTTP `Date` header;
 * the offset is the server's time less the local time halfway through the call.
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

/** Milliseconds left until `until` (ISO) on the server's clock; 0 once past. */
export function remainingMs(until: string, offset: number, localNow: number): number {
  return Math.max(0, Date.parse(until) - (localNow + offset));
}

/** "4:05", "12:00", "1:02:03": a countdown that reads the same in every locale. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

let offset = 0;

/** Records what one API answer says of the server's clock (see `checkout/api.ts`). */
export function observeServerClock(response: Response, sentAt: number, receivedAt = Date.now()): void {
  const next = offsetFromDateHeader(response.headers.get('date'), sentAt, receivedAt);
  if (next !== null) offset = next;
}

export const serverClockOffset = () => offset;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Milliseconds left on a reservation, ticking every second on the server's clock. */
export function useRemainingMs(until: string | null): number | null {
  const local = useSyncExternalStore(subscribe, () => now);
  return until === null ? null : remainingMs(until, offset, local);
}
