import { CreateEventRequest, type EventResponse, type UpdateEventRequest } from '../../../common/events';
import { validateWith } from '../../components/form-errors';
import { isoToZoned, zonedToIso } from './datetime';
import { type InvoiceSellerValues, toSellerRequest, toSellerValues } from './invoice-seller';
import { type SelfServiceValues, toSelfServiceRequest, toSelfServiceValues } from './self-service-form';

/**
 * The event settings form's values and their mapping to and from the API: empty fields are
 * null on the wire, dates are wall-clock times in the event's time zone in the form.
 */
export const LOCATION_FIELDS = [
  'venue_name',
  'address_line_1',
  'address_line_2',
  'city',
  'state_or_region',
  'zip_or_postal_code',
  'country',
  'map_url',
] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];

export interface Values {
  title: string;
  organizer_id: string;
  description: string;
  start_date: string;
  end_date: string;
  timezone: string;
  currency: string;
  where: 'venue' | 'online';
  location: Record<LocationField, string>;
  online_event_details: string;
  settings: {
    seo_title: string;
    seo_description: string;
    seo_keywords: string;
    allow_search_indexing: boolean;
    contact_email: string;
    reply_to_email: string;
    footer_message: string;
    notify_organizer_of_new_orders: boolean;
    attach_ticket_pdf: boolean;
    order_timeout_minutes: number | string;
    pre_checkout_message: string;
    post_checkout_message: string;
    ticket_page_message: string;
    price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
    offline_payments_enabled: boolean;
    offline_payment_instructions: string;
    invoice_seller: InvoiceSellerValues;
    self_service: SelfServiceValues;
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

export function toValues(event: EventResponse): Values {
  const s = event.settings;
  const location = Object.fromEntries(LOCATION_FIELDS.map((f) => [f, event.location?.[f] ?? ''])) as Record<
    LocationField,
    string
  >;
  return {
    title: event.title,
    organizer_id: String(event.organizer_id),
    description: event.description ?? '',
    start_date: isoToZoned(event.start_date, event.timezone),
    end_date: isoToZoned(event.end_date, event.timezone),
    timezone: event.timezone,
    currency: event.currency,
    where: event.online_event_details && !event.location ? 'online' : 'venue',
    location,
    online_event_details: event.online_event_details ?? '',
    settings: {
      seo_title: s.seo_title ?? '',
      seo_description: s.seo_description ?? '',
      seo_keywords: s.seo_keywords ?? '',
      allow_search_indexing: s.allow_search_indexing,
      contact_email: s.contact_email ?? '',
      reply_to_email: s.reply_to_email ?? '',
      footer_message: s.footer_message ?? '',
      notify_organizer_of_new_orders: s.notify_organizer_of_new_orders,
      attach_ticket_pdf: s.attach_ticket_pdf,
      order_timeout_minutes: s.order_timeout_minutes,
      pre_checkout_message: s.pre_checkout_message ?? '',
      post_checkout_message: s.post_checkout_message ?? '',
      ticket_page_message: s.ticket_page_message ?? '',
      price_display_mode: s.price_display_mode,
      offline_payments_enabled: s.offline_payments_enabled,
      offline_payment_instructions: s.offline_payment_instructions ?? '',
      invoice_seller: toSellerValues(s.invoice_seller),
      self_service: toSelfServiceValues(s.self_service, event.currency),
    },
  };
}

export function toUpdateRequest(v: Values): UpdateEventRequest {
  const s = v.settings;
  const location = Object.fromEntries(LOCATION_FIELDS.map((f) => [f, orNull(v.location[f])]));
  const hasLocation = Object.values(location).some((x) => x !== null);
  const description = v.description.replace(/<[^>]*>/g, '').trim() === '' ? null : v.description;
  return {
    title: v.title,
    organizer_id: Number(v.organizer_id),
    description,
    start_date: zonedToIso(v.start_date, v.timezone) ?? (undefined as unknown as string),
    end_date: v.end_date ? (zonedToIso(v.end_date, v.timezone) ?? v.end_date) : null,
    timezone: v.timezone,
    currency: v.currency,
    location: v.where === 'venue' && hasLocation ? location : null,
    online_event_details: v.where === 'online' ? orNull(v.online_event_details) : null,
    settings: {
      seo_title: orNull(s.seo_title),
      seo_description: orNull(s.seo_description),
      seo_keywords: orNull(s.seo_keywords),
      allow_search_indexing: s.allow_search_indexing,
      contact_email: orNull(s.contact_email),
      reply_to_email: orNull(s.reply_to_email),
      footer_message: orNull(s.footer_message),
      notify_organizer_of_new_orders: s.notify_organizer_of_new_orders,
      attach_ticket_pdf: s.attach_ticket_pdf,
      order_timeout_minutes: s.order_timeout_minutes === '' ? Number.NaN : Number(s.order_timeout_minutes),
      pre_checkout_message: orNull(s.pre_checkout_message),
      post_checkout_message: orNull(s.post_checkout_message),
      ticket_page_message: orNull(s.ticket_page_message),
      price_display_mode: s.price_display_mode,
      offline_payments_enabled: s.offline_payments_enabled,
      offline_payment_instructions: orNull(s.offline_payment_instructions),
      invoice_seller: toSellerRequest(s.invoice_seller),
      self_service: toSelfServiceRequest(s.self_service, v.currency),
    },
  };
}

/**
 * The form's check. The API takes any subset of the fields, but this form edits every one of
 * them, so it checks the request as a complete event: a cleared start date is missing, not
 * "left as it was".
 */
export const validateEventSettings = validateWith(CreateEventRequest, toUpdateRequest);
