import { z } from 'zod';
import { EventResponse } from './events';

/**
 * An event's sales as its dashboard counts them (`GET /api/events/{id}/stats`): the tickets
 * sold (the tickets' sold counters) and the gross of its paid orders, in the event's currency.
 */
export const EventSalesSummary = z.object({
  tickets_sold: z.number().int(),
  /** Minor units of the event's currency. */
  gross_sales: z.number().int(),
});
export type EventSalesSummary = z.infer<typeof EventSalesSummary>;

/** One event of `GET /api/events` and `GET /api/organizers/{id}/events`: the event and its sales. */
export const EventListItemResponse = EventResponse.extend({ sales: EventSalesSummary }).meta({
  id: 'EventListItem',
});
export type EventListItemResponse = z.infer<typeof EventListItemResponse>;
