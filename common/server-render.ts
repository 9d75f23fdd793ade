import type { PublicEventDatesResponse } from './event-dates';
import type { PublicEventResponse } from './events';
import type { PublicTicketsResponse } from './public-tickets';

/**
 * What the server hands the web build's renderer of a public event page (`web/ssr.tsx`,
 * decision 026): the answers of the API calls the page would make, as the API gives them.
 */
export interface EventPageData {
  eventId: string;
  promoCode?: string;
  /** The date chosen in the address (`?date=`), as written there: the tickets' query key. */
  dateId?: string;
  event: PublicEventResponse;
  tickets: PublicTicketsResponse | null;
  /** The dates a buyer may choose from (issue 36); absent from renderers that do not read them. */
  dates?: PublicEventDatesResponse | null;
  /** For a link to a date beyond the first window of dates: the window starting at it. */
  linkedDates?: PublicEventDatesResponse;
}

/** Query keys with their answers: the browser seeds its query cache with them before hydrating. */
export type SeededQueries = [readonly unknown[], unknown][];
