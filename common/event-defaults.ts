import type { z } from 'zod';
import { EventSettings, withSettingDefaults } from './events';
import { PARTIAL_WRITE } from './partial-writes';

/** Account-wide defaults copied into every new event (`/account/event-defaults`), editable per event. */
export const EventDefaults = EventSettings.pick({
  order_timeout_minutes: true,
  pre_checkout_message: true,
  post_checkout_message: true,
  ticket_page_message: true,
  footer_message: true,
  notify_organizer_of_new_orders: true,
  price_display_mode: true,
  allow_search_indexing: true,
}).meta({ id: 'EventDefaults' });
export type EventDefaults = z.infer<typeof EventDefaults>;

/** `PUT /api/accounts/current/event-defaults`: any subset (decision 013). */
export const EventDefaultsPatch = EventDefaults.partial().meta({
  id: 'EventDefaultsPatch',
  description: PARTIAL_WRITE,
});
export type EventDefaultsPatch = z.infer<typeof EventDefaultsPatch>;

export function eventDefaultsOf(stored: Partial<EventDefaults> | null | undefined): EventDefaults {
  const all = withSettingDefaults(stored);
  return {
    order_timeout_minutes: all.order_timeout_minutes,
    pre_checkout_message: all.pre_checkout_message,
    post_checkout_message: all.post_checkout_message,
    ticket_page_message: all.ticket_page_message,
    footer_message: all.footer_message,
    notify_organizer_of_new_orders: all.notify_organizer_of_new_orders,
    price_display_mode: all.price_display_mode,
    allow_search_indexing: all.allow_search_indexing,
  };
}
