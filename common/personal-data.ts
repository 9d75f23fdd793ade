import { z } from 'zod';
import { email } from './validators';

/**
 * A buyer's data (decision 064): the export they ask for by e-mail, and the erasure an
 * account's ADMIN carries out on request. The shapes the API and the web share.
 */

/** How long the link of a data export mail opens the export. */
export const DATA_EXPORT_DAYS = 7;

/** The name every erased name becomes; e-mail addresses become `erased-…@erased.invalid`. */
export const ERASED_NAME = 'Erased';
export const ERASED_DOMAIN = 'erased.invalid';

/** `POST /api/public/data-requests`: the address whose data to send. */
export const DataRequest = z.strictObject({ email: email() }).meta({ id: 'DataRequest' });
export type DataRequest = z.input<typeof DataRequest>;

/** The one answer to a data request, whatever the address has: the mail, if any, goes out shortly. */
export const DataRequestAccepted = z
  .object({ status: z.literal('QUEUED') })
  .meta({ id: 'DataRequestAccepted' });
export type DataRequestAccepted = z.infer<typeof DataRequestAccepted>;

/** An export link's token: 128 random bits, base64url (22 characters). */
export const dataExportToken = () => z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** The page an export link opens. */
export const myDataPath = (token: string) => `/my-data/${token}`;

const Answer = z.object({ question: z.string(), answer: z.unknown() });

const ExportedOrder = z.object({
  account: z.string(),
  reference: z.string(),
  event: z.string(),
  date: z.string().nullable(),
  starts_at: z.string(),
  status: z.string(),
  currency: z.string(),
  /** Amounts in minor units. */
  total: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  fees: z.number().int(),
  taxes: z.number().int(),
  refunded: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  company_address: z.string().nullable(),
  vat_country: z.string().nullable(),
  vat_id: z.string().nullable(),
  locale: z.string().nullable(),
  answers: z.array(Answer),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

const ExportedAttendee = z.object({
  account: z.string(),
  order_reference: z.string(),
  event: z.string(),
  ticket: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: z.string(),
  answers: z.array(Answer),
  check_ins: z.array(
    z.object({ list: z.string(), checked_in_at: z.string(), checked_out_at: z.string().nullable() }),
  ),
  created_at: z.string(),
});

const ExportedWaitlistEntry = z.object({
  account: z.string(),
  event: z.string(),
  ticket: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  created_at: z.string(),
});

/** `GET /api/public/data-exports/{token}`: every record kept with the address, in every account. */
export const DataExportResponse = z
  .object({
    email: z.string(),
    generated_at: z.string(),
    orders: z.array(ExportedOrder),
    attendees: z.array(ExportedAttendee),
    waitlist_entries: z.array(ExportedWaitlistEntry),
  })
  .meta({ id: 'DataExport' });
export type DataExportResponse = z.infer<typeof DataExportResponse>;

/** `POST /api/accounts/current/erasures`: the buyer to erase from the account. */
export const ErasureRequest = z.strictObject({ email: email() }).meta({ id: 'ErasureRequest' });
export type ErasureRequest = z.input<typeof ErasureRequest>;

/** What an erasure replaced in the account, by kind of record. */
export const ErasureResponse = z
  .object({
    orders: z.number().int(),
    attendees: z.number().int(),
    waitlist_entries: z.number().int(),
    message_recipients: z.number().int(),
  })
  .meta({ id: 'Erasure' });
export type ErasureResponse = z.infer<typeof ErasureResponse>;
