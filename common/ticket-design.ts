import { z } from 'zod';
import { contrastRatio } from './contrast';
import { DEFAULT_LOCALE, LOCALES } from './i18n/locales';
import { hexColor } from './validators';

/**
 * How an event's tickets look (issue 40, decision 059): the PDF ticket, the ticket page and,
 * where the pass format allows, the wallet passes. Kept in the event's settings as
 * `ticket_design`. The QR code is not part of it: it keeps its size and quiet zone whatever the
 * design.
 */

export const TICKET_DESIGN_LIMITS = { freeTextMax: 1000, footerMax: 200, questionsMax: 10 } as const;

export const TicketDesign = z
  .strictObject({
    /** The event's logo on the ticket (when the event has one). */
    show_logo: z.boolean(),
    /** The colour of the ticket's band and the pass; null: the event page's primary colour. */
    accent_color: hexColor().pipe(z.string()).nullable(),
    /** What the ticket cost. */
    show_price: z.boolean(),
    /** The name of whoever bought the order, when it is someone else than the holder too. */
    show_buyer: z.boolean(),
    /** The holder's answers to these questions (of the event), in this order. */
    question_ids: z
      .array(z.int().positive())
      .max(TICKET_DESIGN_LIMITS.questionsMax)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Each question once' }),
    /** A text printed on every ticket (plain text, line breaks kept). */
    free_text: z.string().trim().max(TICKET_DESIGN_LIMITS.freeTextMax).nullable(),
    /** A line at the bottom of every ticket (plain text). */
    footer: z.string().trim().max(TICKET_DESIGN_LIMITS.footerMax).nullable(),
  })
  .meta({ id: 'TicketDesign' });
export type TicketDesign = z.output<typeof TicketDesign>;

export const TICKET_DESIGN_DEFAULTS: TicketDesign = {
  show_logo: true,
  accent_color: null,
  show_price: true,
  show_buyer: false,
  question_ids: [],
  free_text: null,
  footer: null,
};

const INK = '#1f2133';

/** White or near-black text, whichever reads better on `background` (`#rrggbb`). */
export function textOn(background: string): string {
  return (contrastRatio('#ffffff', background) ?? 21) >= (contrastRatio(INK, background) ?? 0)
    ? '#ffffff'
    : INK;
}

/** The accent a ticket takes: the design's own, else the event page's primary colour. */
export function ticketAccent(design: TicketDesign, primaryColor: string): string {
  return design.accent_color ?? primaryColor;
}

/** `POST /api/events/{id}/ticket-design/preview`: a design not saved yet, and the language to print in. */
export const TicketDesignPreviewRequest = z
  .strictObject({ design: TicketDesign, locale: z.enum(LOCALES).default(DEFAULT_LOCALE) })
  .meta({ id: 'TicketDesignPreviewRequest' });
export type TicketDesignPreviewRequest = z.input<typeof TicketDesignPreviewRequest>;
