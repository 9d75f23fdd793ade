import { z } from 'zod';
import { DESIGN_DEFAULTS } from './design';
import { continueButtonTexts } from './design-texts';
import { Faq, type FaqPair, PAGE_SECTIONS_DEFAULT, PageSections } from './event-sections';
import { InvoiceSellerOverride } from './invoices';
import { LIMITS } from './limits';
import { PARTIAL_WRITE } from './partial-writes';
import { SELF_SERVICE_DEFAULTS, SelfServiceSettings } from './self-service';
import { TICKET_DESIGN_DEFAULTS, TicketDesign } from './ticket-design';
import { email, hexColor } from './validators';

/**
 * Per-event settings (decision 003): one JSON document per event, every field with a default,
 * so an event created before a setting existed reads as if it had been given the default.
 */
export const ORDER_TIMEOUT = { min: 1, max: 120, default: 15, recommendedMin: 15 } as const;

/** How long a waiting-list offer holds its seat, in hours (decision 030). */
export const WAITLIST_OFFER_HOURS = { min: 1, max: 168, default: 24 } as const;

const message = () => z.string().trim().max(LIMITS.descriptionMax).nullable();

const settingsFields = {
  seo_title: z.string().trim().max(LIMITS.nameMax).nullable(),
  seo_description: z.string().trim().max(500).nullable(),
  seo_keywords: z.string().trim().max(500).nullable(),
  allow_search_indexing: z.boolean(),
  contact_email: email().nullable(),
  reply_to_email: email().nullable(),
  footer_message: z.string().trim().max(5000).nullable(),
  notify_organizer_of_new_orders: z.boolean(),
  /** Attach the PDF of the tickets to the order and ticket mails (decision 031). */
  attach_ticket_pdf: z.boolean(),
  order_timeout_minutes: z.int().min(ORDER_TIMEOUT.min).max(ORDER_TIMEOUT.max),
  pre_checkout_message: message(),
  post_checkout_message: message(),
  ticket_page_message: message(),
  price_display_mode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
  /** Forced on while the event has a hidden question (decision 005). */
  show_hidden_questions: z.boolean(),
  /** Buyers may reserve paid tickets and pay outside Tessera (bank transfer, at the door). */
  offline_payments_enabled: z.boolean(),
  /** Shown to buyers who chose to pay offline, and in their order e-mail. */
  offline_payment_instructions: message(),
  /**
   * The event page's design (decision 023): the page around the content, the content's cards,
   * buttons (their label takes the content background), accents and links, and the text.
   */
  homepage_background_color: hexColor(),
  homepage_content_background_color: hexColor(),
  homepage_primary_color: hexColor(),
  homepage_secondary_color: hexColor(),
  homepage_text_color: hexColor(),
  /** The label of the event page's button that goes on to checkout; null: "Get tickets". */
  continue_button_text: z.string().trim().max(LIMITS.continueButtonMax).nullable(),
  /** The same per language, for buyers reading it; a language left out shows the text above. */
  continue_button_texts: continueButtonTexts(),
  /**
   * Sold-out tickets take sign-ups to a waiting list (decision 030); a ticket may say otherwise
   * (`waitlist_enabled` on the ticket).
   */
  waitlist_enabled: z.boolean(),
  /** Freed seats are offered to the next people on the list at once; off: the organizer offers. */
  waitlist_auto_offer: z.boolean(),
  /** How long an offer holds its seat. */
  waitlist_offer_hours: z.int().min(WAITLIST_OFFER_HOURS.min).max(WAITLIST_OFFER_HOURS.max),
  /** The seller its invoices name, when not the account's (decision 053); null: the account's. */
  invoice_seller: InvoiceSellerOverride.nullable(),
  /** What buyers may change or cancel of their own orders (decision 057). */
  self_service: SelfServiceSettings,
  /** How its tickets look: PDF, ticket page, wallet passes (decision 059). */
  ticket_design: TicketDesign,
  /** The event page's sections, each once, in page order, shown or hidden (decision 060). */
  page_sections: PageSections,
  /** The questions and answers of the page's FAQ section. */
  faq: Faq,
};

export const EVENT_SETTING_DEFAULTS = {
  seo_title: null,
  seo_description: null,
  seo_keywords: null,
  allow_search_indexing: true,
  contact_email: null,
  reply_to_email: null,
  footer_message: null,
  notify_organizer_of_new_orders: true,
  attach_ticket_pdf: true,
  order_timeout_minutes: ORDER_TIMEOUT.default,
  pre_checkout_message: null,
  post_checkout_message: null,
  ticket_page_message: null,
  price_display_mode: 'INCLUSIVE',
  show_hidden_questions: false,
  offline_payments_enabled: false,
  offline_payment_instructions: null,
  ...DESIGN_DEFAULTS,
  continue_button_text: null,
  continue_button_texts: {},
  waitlist_enabled: false,
  waitlist_auto_offer: true,
  waitlist_offer_hours: WAITLIST_OFFER_HOURS.default,
  invoice_seller: null,
  self_service: SELF_SERVICE_DEFAULTS,
  ticket_design: TICKET_DESIGN_DEFAULTS,
  page_sections: PAGE_SECTIONS_DEFAULT,
  faq: [] as FaqPair[],
} as const;

/** Per-event settings, complete: stored ones filled in with the defaults (decision 003). */
export const EventSettings = z.strictObject(settingsFields).meta({ id: 'EventSettings' });
export type EventSettings = z.output<typeof EventSettings>;

/** Settings sent in a request: any subset, merged into the current (or default) ones. */
export const EventSettingsPatch = z
  .strictObject(settingsFields)
  .partial()
  .meta({ id: 'EventSettingsPatch', description: PARTIAL_WRITE });

/** Completes stored or partial settings with the defaults. */
export function withSettingDefaults(settings: Partial<EventSettings> | null | undefined): EventSettings {
  const merged = { ...EVENT_SETTING_DEFAULTS, ...settings };
  return {
    ...merged,
    pre_checkout_message: merged.pre_checkout_message ?? null,
    post_checkout_message: merged.post_checkout_message ?? null,
    ticket_page_message: merged.ticket_page_message ?? null,
  };
}
