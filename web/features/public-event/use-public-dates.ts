import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { type DatesWindow, type PublicDate, publicDatesQuery } from './api';
import { knownDates, type LoadedWindow, sameWindow } from './date-windows';

/** The buyer's dates as loaded so far, and how to load more. */
export interface PublicDatesState {
  /** The first window's dates (the page's): what the view is chosen from. */
  first: PublicDate[];
  /** Every date loaded, earliest first. */
  dates: PublicDate[];
  /** The windows asked for, with their answers once loaded: where the gaps are. */
  windows: LoadedWindow[];
  /** A window is being read. */
  loading: boolean;
  /** Asks for the window starting at this instant (a gap's `from`); once only. */
  load: (from: string) => void;
}

/**
 * The dates of an event a window at a time (issue 36): the first with the page, then those the
 * buyer asks for. A chosen date the loaded windows lack (a link `?date=` to a late one, or the
 * next date on sale after many sold-out ones) brings the window starting at it, and that window
 * stays when another date is chosen. The server renders the page with it (`page-render.ts`), so
 * the browser starts with what the HTML shows.
 */
export function usePublicDates(eventId: string, chosenId: number | undefined): PublicDatesState {
  const firstQuery = useQuery(publicDatesQuery(eventId));
  const [asked, setAsked] = useState<DatesWindow[]>([]);
  const later = useQueries({ queries: asked.map((window) => publicDatesQuery(eventId, window)) });
  const loaded: LoadedWindow[] = [
    { window: {}, answer: firstQuery.data },
    ...asked.map((window, i) => ({ window, answer: later[i]?.data })),
  ];
  const known = knownDates(loaded);
  const linked: DatesWindow | null =
    chosenId !== undefined &&
    firstQuery.data !== undefined &&
    !known.some((d) => d.id === chosenId) &&
    !asked.some((w) => w.dateId === chosenId)
      ? { dateId: chosenId }
      : null;
  const linkedQuery = useQuery({
    ...publicDatesQuery(eventId, linked ?? { dateId: chosenId ?? 0 }),
    enabled: linked !== null,
  });
  const linkedData = linked ? linkedQuery.data : undefined;
  // Once read, the linked window is one of those asked for: it stays when the choice moves on.
  const linkedId = linked?.dateId;
  useEffect(() => {
    if (linkedId !== undefined && linkedData) setAsked((current) => add(current, { dateId: linkedId }));
  }, [linkedId, linkedData]);
  const load = useCallback((from: string) => setAsked((current) => add(current, { from })), []);
  const windows = linked ? [...loaded, { window: linked, answer: linkedData }] : loaded;
  return {
    first: firstQuery.data?.data ?? [],
    dates: linked ? knownDates(windows) : known,
    windows,
    loading: later.some((q) => q.isFetching) || (linked !== null && linkedQuery.isFetching),
    load,
  };
}

const add = (asked: DatesWindow[], window: DatesWindow) =>
  asked.some((w) => sameWindow(w, window)) ? asked : [...asked, window];
