import { z } from 'zod';
import { LOCALES } from './i18n/locales';

/**
 * E-mail templates an organizer writes (issue 39, decision 055): per account and per event, per
 * language, the subject and the opening prose of a few mails, with placeholders filled when the
 * mail is queued. What the placeholders may be and how long a template may get is shared here
 * by the server (which refuses anything else) and the web (which lists them beside the editor).
 */
export const MAIL_TEMPLATE_KINDS = [
  'order_confirmation',
  'attendee_ticket',
  'offline_payment',
  'waitlist_offer',
  'message_footer',
] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

/** Placeholders every kind knows: the event's. */
const EVENT_PLACEHOLDERS = ['event.title', 'event.start', 'event.location', 'event.url'] as const;
const ORDER_PLACEHOLDERS = [
  'order.reference',
  'order.url',
  'order.total',
  'buyer.first_name',
  'buyer.last_name',
] as const;

/** The placeholders each kind may name (`{{ order.reference }}`), in the order they are listed. */
export const MAIL_TEMPLATE_PLACEHOLDERS = {
  order_confirmation: [...ORDER_PLACEHOLDERS, ...EVENT_PLACEHOLDERS],
  offline_payment: [...ORDER_PLACEHOLDERS, 'payment.instructions', ...EVENT_PLACEHOLDERS],
  attendee_ticket: ['attendee.name', 'ticket.title', 'ticket.url', 'order.reference', ...EVENT_PLACEHOLDERS],
  waitlist_offer: ['person.name', 'ticket.title', 'offer.expires', 'offer.url', ...EVENT_PLACEHOLDERS],
  message_footer: [...EVENT_PLACEHOLDERS],
} as const satisfies Record<MailTemplateKind, readonly string[]>;
export type MailPlaceholder = (typeof MAIL_TEMPLATE_PLACEHOLDERS)[MailTemplateKind][number];

/** Filters a template may apply to a placeholder (`{{ buyer.first_name | upcase }}`). */
export const MAIL_TEMPLATE_FILTERS = ['upcase', 'downcase', 'capitalize', 'default', 'strip', 'truncate'];
/** Tags a template may use: conditions only, no loops, no files. */
export const MAIL_TEMPLATE_TAGS = ['if', 'unless'];

/** Whether a kind has a subject of its own (the footer has none). */
export const hasSubject = (kind: MailTemplateKind) => kind !== 'message_footer';

export const MAIL_TEMPLATE_LIMITS = {
  subject: 300,
  /** Characters of the body as written (HTML): also liquidjs's parse limit. */
  body: 20_000,
  /** Characters of a rendered body: a template that would write more is refused. */
  output: 60_000,
} as const;

/** How a placeholder is written into a template. */
export const placeholderTag = (name: string) => `{{ ${name} }}`;

export const MailTemplateKindParam = z.enum(MAIL_TEMPLATE_KINDS);
export const MailTemplateLocaleParam = z.enum(LOCALES);

export const MailTemplateParams = z.object({ kind: MailTemplateKindParam, locale: MailTemplateLocaleParam });

export const SaveMailTemplateRequest = z.object({
  subject: z.string().max(MAIL_TEMPLATE_LIMITS.subject).default(''),
  body_html: z.string().max(MAIL_TEMPLATE_LIMITS.body),
});
export type SaveMailTemplateRequest = z.input<typeof SaveMailTemplateRequest>;

export const MailTemplatePreviewRequest = z.object({
  kind: MailTemplateKindParam,
  locale: MailTemplateLocaleParam,
  subject: z.string().max(MAIL_TEMPLATE_LIMITS.subject).default(''),
  body_html: z.string().max(MAIL_TEMPLATE_LIMITS.body),
});
export type MailTemplatePreviewRequest = z.input<typeof MailTemplatePreviewRequest>;

/** Where a template in effect comes from: this event's, the account's, or Tessera's own text. */
export const MAIL_TEMPLATE_SOURCES = ['EVENT', 'ACCOUNT', 'DEFAULT'] as const;
export type MailTemplateSource = (typeof MAIL_TEMPLATE_SOURCES)[number];

export const MailTemplateResponse = z.object({
  kind: MailTemplateKindParam,
  locale: MailTemplateLocaleParam,
  /** Which template mails of this kind and language use now, seen from where it was asked. */
  source: z.enum(MAIL_TEMPLATE_SOURCES),
  subject: z.string(),
  body_html: z.string(),
  updated_at: z.string().nullable(),
});
export type MailTemplateResponse = z.output<typeof MailTemplateResponse>;

export const MailTemplateListResponse = z.object({
  templates: z.array(MailTemplateResponse),
  /** Each kind's placeholders, by kind. */
  placeholders: z.object({
    order_confirmation: z.array(z.string()),
    attendee_ticket: z.array(z.string()),
    offline_payment: z.array(z.string()),
    waitlist_offer: z.array(z.string()),
    message_footer: z.array(z.string()),
  }),
  filters: z.array(z.string()),
});
export type MailTemplateListResponse = z.output<typeof MailTemplateListResponse>;

export const MailTemplatePreviewResponse = z.object({
  subject: z.string(),
  /** The body filled with sample values (sanitized HTML). */
  body_html: z.string(),
});
export type MailTemplatePreviewResponse = z.output<typeof MailTemplatePreviewResponse>;

export const MailTemplateTestResponse = z.object({ to: z.string() });
export type MailTemplateTestResponse = z.output<typeof MailTemplateTestResponse>;

/** Why a template was refused; each names the line (422 field errors, decision 055). */
export const MAIL_TEMPLATE_ERRORS = {
  syntax: /*i18n*/ {
    id: 'mail_templates.error.syntax',
    message: 'Line {line}: this placeholder or tag is not written correctly.',
  },
  tag: /*i18n*/ {
    id: 'mail_templates.error.tag',
    message: 'Line {line}: the tag “{name}” is not allowed (only if, elsif, else and unless are).',
  },
  filter: /*i18n*/ {
    id: 'mail_templates.error.filter',
    message: 'Line {line}: the filter “{name}” is not allowed.',
  },
  placeholder: /*i18n*/ {
    id: 'mail_templates.error.placeholder',
    message: 'Line {line}: there is no placeholder “{name}” in this e-mail.',
  },
  unsafe: /*i18n*/ {
    id: 'mail_templates.error.unsafe',
    message: 'Line {line}: “{name}” is not allowed in an e-mail (no scripts, styles, frames or forms).',
  },
  tooLong: /*i18n*/ {
    id: 'mail_templates.error.too_long',
    message: 'The e-mail would be too long once its placeholders are filled in.',
  },
  tooSlow: /*i18n*/ {
    id: 'mail_templates.error.too_slow',
    message: 'This template takes too long to fill in.',
  },
  bodyRequired: /*i18n*/ {
    id: 'mail_templates.error.body_required',
    message: 'Write the text of the e-mail.',
  },
} as const;
