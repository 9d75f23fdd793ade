import type { EventLocation } from './events';

/** Where an event happens, as its public page, tickets and calendar files say it. */
export interface Where {
  online: boolean;
  /** The parts of the address the organizer gave, one per line; any of them may be missing. */
  lines: string[];
  /** The organizer's own map link, else a map search for the address; null without either. */
  map: string | null;
}

/** Where the event happens, from whatever the organizer filled in; null when nothing was. */
export function whereOf(event: { location: EventLocation | null; is_online: boolean }): Where | null {
  const l = event.location;
  const cityLine = [l?.zip_or_postal_code, l?.city, l?.state_or_region].map((p) => p?.trim()).filter(Boolean);
  const lines = [l?.venue_name, l?.address_line_1, l?.address_line_2, cityLine.join(' '), l?.country]
    .map((line) => line?.trim())
    .filter((line): line is string => Boolean(line));
  const search =
    lines.length > 0
      ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(lines.join(', '))}`
      : null;
  const map = l?.map_url?.trim() || search;
  if (!event.is_online && lines.length === 0 && !map) return null;
  return { online: event.is_online, lines, map };
}
