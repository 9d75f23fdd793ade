import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { exportParams, listQuerySchema } from './list-query';

/**
 * Invoices and credit notes (issue 38, decision 053): the seller's settings, and the document an
 * invoice freezes at issue. Amounts are minor units of the document's currency.
 */

/** Whether checkout asks a buyer for a company, its address and VAT number. */
export const BUYER_BUSINESS_MODES = ['OFF', 'OPTIONAL', 'REQUIRED'] as const;

/** Letters, digits and `- / . _`: what accountants put before a number ("INV-2026-"). */
const PREFIX = /^[A-Za-z0-9\-/._]*$/;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .default(null)
    .transform((value) => value || null);

/** `PUT /api/accounts/current/invoice-settings` (ADMIN): the seller's details and rules. */
export const InvoiceSettingsRequest = z
  .strictObject({
    /** Off: no order gets an invoice. Turning it on issues none for orders completed before. */
    enabled: z.boolean(),
    legal_name: text(200).min(1),
    /** The postal address as printed, one line per line. */
    address: text(500).min(1),
    /** The seller's VAT or other tax number. */
    tax_id: optionalText(40),
    prefix: text(20).regex(PREFIX).default(''),
    /**
     * The number the next document gets. It may only move up: a number already given is never
     * given again (decision 053). Left out: unchanged.
     */
    next_number: z.number().int().min(1).max(999_999_999).optional(),
    /** Days an offline payment has from the invoice's date; its due date. */
    payment_terms_days: z.number().int().min(0).max(365).default(14),
    notes: optionalText(2000),
    footer: optionalText(2000),
    attach_to_confirmation: z.boolean().default(true),
    buyer_business: z.enum(BUYER_BUSINESS_MODES).default('OPTIONAL'),
  })
  .meta({ id: 'InvoiceSettingsRequest' });
export type InvoiceSettingsRequest = z.input<typeof InvoiceSettingsRequest>;

/**
 * An event's own seller (`invoice_seller` in its settings, decision 053): its invoices name this
 * seller rather than the account's, and with `own_sequence` they are numbered in a series of
 * the event's own, under its prefix (which must then be given, so the two series never print
 * the same number). Null: the account's seller and sequence.
 */
export const InvoiceSellerOverride = z
  .strictObject({
    legal_name: text(200).min(1),
    address: text(500).min(1),
    tax_id: optionalText(40),
    prefix: text(20).regex(PREFIX).default(''),
    own_sequence: z.boolean().default(false),
    /** Null: the account's. */
    payment_terms_days: z.number().int().min(0).max(365).nullable().default(null),
    /** Null: the account's. */
    notes: optionalText(2000),
    /** Null: the account's. */
    footer: optionalText(2000),
  })
  .refine((v) => !v.own_sequence || v.prefix !== '', {
    path: ['prefix'],
    message: VALIDATION.invoicePrefixForOwnSequence.id,
  })
  .meta({ id: 'InvoiceSellerOverride' });
export type InvoiceSellerOverride = z.output<typeof InvoiceSellerOverride>;

/** What the account keeps (`accounts.invoice_settings`): the request without the counter. */
export type InvoiceSettings = Omit<z.output<typeof InvoiceSettingsRequest>, 'next_number'>;

export const InvoiceSettingsResponse = z
  .object({
    enabled: z.boolean(),
    legal_name: z.string(),
    address: z.string(),
    tax_id: z.string().nullable(),
    prefix: z.string(),
    next_number: z.number().int(),
    payment_terms_days: z.number().int(),
    notes: z.string().nullable(),
    footer: z.string().nullable(),
    attach_to_confirmation: z.boolean(),
    buyer_business: z.enum(BUYER_BUSINESS_MODES),
  })
  .meta({ id: 'InvoiceSettings' });
export type InvoiceSettingsResponse = z.infer<typeof InvoiceSettingsResponse>;

/** Settings before the account has saved any: off, and empty where the seller must fill in. */
export const INVOICE_SETTING_DEFAULTS: InvoiceSettings = {
  enabled: false,
  legal_name: '',
  address: '',
  tax_id: null,
  prefix: '',
  payment_terms_days: 14,
  notes: null,
  footer: null,
  attach_to_confirmation: true,
  buyer_business: 'OPTIONAL',
};

export const INVOICE_KINDS = ['INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

const Party = z.object({
  name: z.string(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  tax_id: z.string().nullable(),
  email: z.string().nullable(),
});

const DocumentLine = z.object({
  title: z.string(),
  /** The tier or variant. */
  variant: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  discount: z.number().int(),
  subtotal: z.number().int(),
  fees: z.number().int(),
  taxes: z.number().int(),
  total: z.number().int(),
});

/** One tax or fee rate over the document: what it applied to and what it came to. */
const DocumentCharge = z.object({
  name: z.string(),
  kind: z.enum(['TAX', 'FEE']),
  /** "23" for 23 %, null for a fixed amount. */
  rate: z.string().nullable(),
  base: z.number().int(),
  amount: z.number().int(),
});

/** What an invoice or credit note says, frozen when it is issued (decision 053). */
export const InvoiceDocument = z
  .object({
    kind: z.enum(INVOICE_KINDS),
    reference: z.string(),
    issued_at: z.iso.datetime(),
    /** The date of supply: the event's (date's) start, in its time zone, YYYY-MM-DD. */
    supply_date: z.string(),
    due_date: z.string().nullable(),
    locale: z.string(),
    currency: z.string(),
    seller: z.object({ legal_name: z.string(), address: z.string(), tax_id: z.string().nullable() }),
    buyer: Party,
    event: z.object({ title: z.string(), timezone: z.string() }),
    order_reference: z.string(),
    /** A credit note's invoice, by its printed number. */
    credits_invoice: z.string().nullable(),
    lines: z.array(DocumentLine),
    charges: z.array(DocumentCharge),
    totals: z.object({
      gross: z.number().int(),
      discount: z.number().int(),
      subtotal: z.number().int(),
      fees: z.number().int(),
      taxes: z.number().int(),
      total: z.number().int(),
    }),
    notes: z.string().nullable(),
    footer: z.string().nullable(),
  })
  .meta({ id: 'InvoiceDocument' });
export type InvoiceDocument = z.infer<typeof InvoiceDocument>;
export type InvoiceDocumentLine = z.infer<typeof DocumentLine>;
export type InvoiceDocumentCharge = z.infer<typeof DocumentCharge>;

export const InvoiceResponse = z
  .object({
    id: z.number().int(),
    kind: z.enum(INVOICE_KINDS),
    number: z.number().int(),
    reference: z.string(),
    order_id: z.number().int(),
    event_id: z.number().int(),
    /** A credit note's invoice. */
    invoice_id: z.number().int().nullable(),
    currency: z.string(),
    total: z.number().int(),
    status: z.enum(['PAID', 'UNPAID', 'CREDIT']),
    due_date: z.string().nullable(),
    issued_at: z.iso.datetime(),
    document: InvoiceDocument,
  })
  .meta({ id: 'Invoice' });
export type InvoiceResponse = z.infer<typeof InvoiceResponse>;

/** An invoice or credit note as the buyer's order page lists it (its PDF is at its id). */
export const BuyerInvoice = z
  .object({
    id: z.number().int(),
    kind: z.enum(INVOICE_KINDS),
    reference: z.string(),
    total: z.number().int(),
    issued_at: z.iso.datetime(),
  })
  .meta({ id: 'BuyerInvoice' });
export type BuyerInvoice = z.infer<typeof BuyerInvoice>;
/** What an invoice shows as its state: paid, unpaid (an offline payment due) or a credit note. */
export const INVOICE_STATUSES = ['PAID', 'UNPAID', 'CREDIT'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const invoiceList = {
  sortable: ['issued_at', 'number'],
  defaultSort: 'issued_at',
  defaultDirection: 'desc',
  filterable: {
    kind: ['eq', 'in'],
    status: ['eq', 'in'],
    issued_at: ['gte', 'gt', 'lte', 'lt'],
  },
} as const;
/** The account's list can also narrow to some of its events. */
const accountInvoiceList = {
  ...invoiceList,
  filterable: { ...invoiceList.filterable, event_id: ['eq', 'in'] },
} as const;

/**
 * `GET /api/events/{id}/invoices`: the event's invoices and credit notes. `query` finds part of
 * the number as printed, of the buyer's name, e-mail or company, or of the order's reference;
 * filter by `kind`, `status` and `issued_at`; sort by `issued_at` (newest first by default) or
 * `number`.
 */
export const InvoicesQuery = listQuerySchema(invoiceList);
/** `GET /api/events/{id}/invoices/export?format=csv|xlsx`, with the list's search and filters. */
export const InvoicesExportQuery = listQuerySchema({ ...invoiceList, params: exportParams });
/** `GET /api/accounts/current/invoices`: the same over all of the account's events. */
export const AccountInvoicesQuery = listQuerySchema(accountInvoiceList);
export const AccountInvoicesExportQuery = listQuerySchema({ ...accountInvoiceList, params: exportParams });

/** A month as YYYY-MM. */
export const INVOICE_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `GET …/invoices/zip?month=YYYY-MM`: the PDFs of the documents dated in that month. */
export const InvoiceMonthQuery = z.strictObject({
  month: z.string().regex(INVOICE_MONTH).optional().meta({
    description:
      'The month, YYYY-MM, as the documents are dated (in their event’s time zone); this month (UTC) when left out.',
  }),
});

/** One row of an invoice list: the document's number, buyer and totals, without the document. */
export const InvoiceListItem = z
  .object({
    id: z.number().int(),
    kind: z.enum(INVOICE_KINDS),
    number: z.number().int(),
    reference: z.string(),
    status: z.enum(INVOICE_STATUSES),
    issued_at: z.iso.datetime(),
    due_date: z.string().nullable(),
    currency: z.string(),
    /** What the document totals, in minor units; a credit note's is what it gives back. */
    total: z.number().int(),
    buyer: z.object({ name: z.string(), company: z.string().nullable(), email: z.string().nullable() }),
    order_id: z.number().int(),
    order_reference: z.string(),
    event: z.object({ id: z.number().int(), title: z.string(), timezone: z.string() }),
    /** A credit note's invoice, by its printed number. */
    credits_invoice: z.string().nullable(),
  })
  .meta({ id: 'InvoiceListItem' });
export type InvoiceListItem = z.infer<typeof InvoiceListItem>;
