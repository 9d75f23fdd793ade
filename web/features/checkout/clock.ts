import { useSyncExternalStore } from 'react';
import { serverClockOffset } from '../../api/server-clock';

/**
 * The reservation's countdown, on the server's clock (`api/server-clock.ts` reads it from the
 * answers' `Date` header).
 */

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
  return until === null ? null : remainingMs(until, serverClockOffset(), local);
}
