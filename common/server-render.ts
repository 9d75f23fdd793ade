import type { PublicEventResponse } from './events';
import type { PublicTicketsResponse } from './public-tickets';

/**
 * What the server hands the web build's renderer of a public event page (`web/ssr.tsx`,
 * decision 026): the answers of the two API calls the page would make, as the API gives them.
 */
export interface EventPageData {
  eventId: string;
  promoCode?: string;
  event: PublicEventResponse;
  tickets: PublicTicketsResponse | null;
}

/** Query keys with their answers: the browser seeds its query cache with them before hydrating. */
export type SeededQueries = [readonly unknown[], unknown][];
