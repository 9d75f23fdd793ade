import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type AccountInvoicesQuery,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  type InvoiceListItem,
  type InvoicesQuery,
} from '../../../common/invoices';
import type { ListQuery } from '../../../common/list-query';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { escapeLike, findList, type ListSpec } from '../../http/list';
import type { EventListContext } from '../owned-events/service';

// The invoice lists of an event and of the account (issue 38, decision 053): search, filters,
// sort and page as every list (decision 047); their exports read the same rows.

type Sort = z.output<typeof InvoicesQuery>['sortBy'];
type Filter = z.output<typeof AccountInvoicesQuery>['filters'][number]['field'];
/** What the lists ask: the event's query, or the account's with its event filter. */
export type InvoiceListQuery = ListQuery<Sort, Filter>;

/** The status a list shows and filters by, as `toInvoiceResponse` tells it. */
const STATUS = sql<(typeof INVOICE_STATUSES)[number]>`(case
  when ${invoices.kind} = 'CREDIT_NOTE' then 'CREDIT'
  when ${invoices.paidAt} is not null then 'PAID'
  else 'UNPAID' end)`;

/** A text field of the frozen document, by its path (`buyer`, `name`): constants of this file only. */
const field = (...path: string[]) =>
  sql<string | null>`(${invoices.document} #>> ${sql.raw(`'{${path.join(',')}}'`)})`;

const COLUMNS = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  reference: invoices.reference,
  status: STATUS,
  issuedAt: invoices.issuedAt,
  dueDate: invoices.dueDate,
  currency: invoices.currency,
  total: invoices.total,
  buyerName: field('buyer', 'name'),
  buyerCompany: field('buyer', 'company'),
  buyerEmail: field('buyer', 'email'),
  orderId: invoices.orderId,
  orderReference: field('order_reference'),
  eventId: invoices.eventId,
  eventTitle: field('event', 'title'),
  eventTimezone: field('event', 'timezone'),
  creditsInvoice: field('credits_invoice'),
};

/** The columns of a list's rows, which its export reads too. */
export const invoiceColumns = COLUMNS;

/** The rows of a list. */
export const selectInvoiceRows = (db: Db, where: SQL | undefined) =>
  db.select(COLUMNS).from(invoices).where(where);
export type InvoiceListRow = Awaited<ReturnType<typeof selectInvoiceRows>>[number];

export function toInvoiceListItem(row: InvoiceListRow): InvoiceListItem {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    reference: row.reference,
    status: row.status,
    issued_at: row.issuedAt.toISOString(),
    due_date: row.dueDate,
    currency: row.currency,
    total: row.total,
    buyer: { name: row.buyerName ?? '', company: row.buyerCompany, email: row.buyerEmail },
    order_id: row.orderId,
    order_reference: row.orderReference ?? '',
    event: { id: row.eventId, title: row.eventTitle ?? '', timezone: row.eventTimezone ?? 'UTC' },
    credits_invoice: row.creditsInvoice,
  };
}

/** What the search box finds: part of the number, the buyer's name, e-mail or company, the order's reference. */
function searchFor(text: string): SQL | undefined {
  const pattern = `%${escapeLike(text)}%`;
  return or(
    ilike(invoices.reference, pattern),
    ...(['buyer,name', 'buyer,email', 'buyer,company', 'order_reference'] as const).map((path) =>
      ilike(field(...path.split(',')), pattern),
    ),
  );
}

/** Whose invoices a list holds: the account's, or one event's of it. */
export interface InvoiceScope {
  accountId: number;
  eventId?: number;
}

/** The conditions of a scope, before the query's own. */
export const scopeWhere = ({ accountId, eventId }: InvoiceScope) =>
  and(eq(invoices.accountId, accountId), eventId === undefined ? undefined : eq(invoices.eventId, eventId));

export function invoiceList(db: Db, scope: InvoiceScope) {
  return {
    where: [scopeWhere(scope)],
    filters: {
      kind: { column: invoices.kind, value: z.enum(INVOICE_KINDS) },
      status: { column: STATUS, value: z.enum(INVOICE_STATUSES) },
      issued_at: { column: invoices.issuedAt },
      event_id: { column: invoices.eventId },
    },
    search: searchFor,
    sort: { issued_at: invoices.issuedAt, number: invoices.number },
    tiebreaker: invoices.id,
    select: (where: SQL | undefined) => selectInvoiceRows(db, where),
    count: (where: SQL | undefined) => db.$count(invoices, where),
    present: (rows: InvoiceListRow[]) => rows.map(toInvoiceListItem),
  } satisfies ListSpec<Sort, Filter, InvoiceListRow, InvoiceListItem>;
}

/** `GET /api/events/{id}/invoices` */
export function findEventInvoices({ db, event, query }: EventListContext<z.output<typeof InvoicesQuery>>) {
  return findList(query, invoiceList(db, { accountId: event.accountId, eventId: event.id }));
}

/** `GET /api/accounts/current/invoices` */
export function findAccountInvoices({
  db,
  auth,
  query,
}: {
  db: Db;
  auth: AuthContext;
  query: z.output<typeof AccountInvoicesQuery>;
}) {
  return findList(query, invoiceList(db, { accountId: auth.accountId }));
}
