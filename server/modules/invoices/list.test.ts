import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceListItem, InvoiceResponse, InvoiceSettingsRequest } from '../../../common/invoices';
import { queryRows } from '../../db/rows';
import { invoices, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { pdfText } from '../../test/pdf';
import { dayIn } from './document';

// The invoice lists of an event and of the account (issue 38): search by number, buyer, company
// and order; filters by kind and status; the CSV and XLSX exports; a month's PDFs as a ZIP; and
// nothing of them for another account.

let t: TestApp;
let owner: Owner;
let concert: { id: number; ticket: number };
let fair: { id: number; ticket: number };
/** Marta's and Nuno's paid orders and Olga's unpaid one at the concert; Rui's at the fair. */
const issued: Record<'marta' | 'nuno' | 'olga' | 'rui', InvoiceResponse> = {} as never;
/** A credit note of Nuno's invoice, to Acme Lda, dated 1 July 2031 in Lisbon (30 June in UTC). */
let credit: { id: number; reference: string };

const seller: InvoiceSettingsRequest = {
  enabled: true,
  legal_name: 'Riverside Events Lda',
  address: 'Rua do Rio 1\n1100-001 Lisboa',
  prefix: 'RE-',
  next_number: 7,
};

const call = (url: string, token = owner.token) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function list(url: string, token = owner.token) {
  const res = await call(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: InvoiceListItem[]; meta: { total: number; last_page: number } };
}
const references = async (url: string) => (await list(url)).data.map((row) => row.reference);

/** An order of `buyer`, placed to pay offline and, unless `unpaid`, marked paid; its invoice. */
async function invoiced(event: { id: number; ticket: number }, buyer: string, unpaid = false) {
  const { short_id } = await makeOrder(t.app, {
    eventId: event.id,
    lines: [{ ticket_id: event.ticket, quantity: 2 }],
    buyer,
    until: 'offline',
  });
  const [order] = await t.app.db.select().from(orders).where(eq(orders.shortId, short_id));
  if (!order) throw new Error('order missing');
  if (!unpaid) {
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/orders/${order.id}/mark-paid`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  const [invoice] = (await call(`/api/events/${event.id}/orders/${order.id}/invoices`)).json().data;
  return invoice as InvoiceResponse;
}

/** A credit note of `invoice` written as issuing one does: the sequence's next number, the same row shape. */
async function creditNote(invoice: InvoiceResponse, { total, issuedAt }: { total: number; issuedAt: Date }) {
  const [taken] = await queryRows<{ id: number; number: number }>(
    t.app.db,
    sql`update invoice_sequences set next_number = next_number + 1
        where account_id = ${owner.auth.accountId} and event_id is null
        returning id, next_number - 1 as number`,
  );
  if (!taken) throw new Error('no sequence');
  const reference = `RE-${taken.number}`;
  const [row] = await t.app.db
    .insert(invoices)
    .values({
      accountId: owner.auth.accountId,
      eventId: invoice.event_id,
      orderId: invoice.order_id,
      sequenceId: Number(taken.id),
      kind: 'CREDIT_NOTE',
      number: Number(taken.number),
      reference,
      invoiceId: invoice.id,
      currency: invoice.currency,
      total,
      document: {
        ...invoice.document,
        kind: 'CREDIT_NOTE',
        reference,
        issued_at: issuedAt.toISOString(),
        credits_invoice: invoice.reference,
        buyer: { ...invoice.document.buyer, company: 'Acme Lda', tax_id: 'PT509999999' },
        totals: { gross: total, discount: 0, subtotal: total, fees: 0, taxes: 0, total },
      },
      issuedAt,
    })
    .returning();
  if (!row) throw new Error('credit note not written');
  return { id: row.id, reference };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/accounts/current/invoice-settings',
    payload: seller,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(put.statusCode, put.body).toBe(200);
  const live = async (title: string) => {
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title,
      timezone: 'Europe/Lisbon',
      settings: { offline_payments_enabled: true },
      tickets: [{ title: 'Seat', type: 'PAID', price: 2500 }],
    });
    return { id: event.id, ticket: tickets[0]?.id ?? 0 };
  };
  concert = await live('River Concert');
  fair = await live('Book Fair');
  issued.marta = await invoiced(concert, 'Marta');
  issued.nuno = await invoiced(concert, 'Nuno');
  issued.olga = await invoiced(concert, 'Olga', true);
  issued.rui = await invoiced(fair, 'Rui');
  credit = await creditNote(issued.nuno, { total: 2500, issuedAt: new Date('2031-06-30T23:30:00Z') });
});
afterAll(async () => {
  await t?.close();
});

describe('an event’s invoices', () => {
  it('list its invoices and credit notes, newest first, each with its buyer, order and status', async () => {
    const page = await list(`/api/events/${concert.id}/invoices`);
    expect(page.meta.total).toBe(4);
    expect(page.data.map((r) => [r.reference, r.kind, r.status])).toEqual([
      [credit.reference, 'CREDIT_NOTE', 'CREDIT'],
      ['RE-9', 'INVOICE', 'UNPAID'],
      ['RE-8', 'INVOICE', 'PAID'],
      ['RE-7', 'INVOICE', 'PAID'],
    ]);
    expect(page.data[3]).toMatchObject({
      number: 7,
      total: 5000,
      currency: 'EUR',
      buyer: { name: 'Marta Silva', email: 'marta@example.com', company: null },
      order_id: issued.marta.order_id,
      order_reference: issued.marta.document.order_reference,
      event: { id: concert.id, title: 'River Concert', timezone: 'Europe/Lisbon' },
      credits_invoice: null,
    });
    expect(page.data[0]).toMatchObject({ credits_invoice: 'RE-8', buyer: { company: 'Acme Lda' } });
    expect(page.data[1]?.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const numbers = await references(`/api/events/${concert.id}/invoices?sort_by=number&sort_direction=asc`);
    expect(numbers).toEqual(['RE-7', 'RE-8', 'RE-9', credit.reference]);
    const second = await list(`/api/events/${concert.id}/invoices?per_page=3&page=2`);
    expect(second.meta).toMatchObject({ total: 4, last_page: 2 });
    expect(second.data.map((r) => r.reference)).toEqual(['RE-7']);
  });

  it('find by number, buyer name, e-mail or company, and order reference', async () => {
    const url = (query: string) => `/api/events/${concert.id}/invoices?query=${encodeURIComponent(query)}`;
    expect(await references(url('RE-9'))).toEqual(['RE-9']);
    expect(await references(url('olga'))).toEqual(['RE-9']);
    expect(await references(url('MARTA@example'))).toEqual(['RE-7']);
    expect(await references(url('acme'))).toEqual([credit.reference]);
    expect(await references(url(issued.nuno.document.order_reference))).toEqual([credit.reference, 'RE-8']);
    expect(await references(url('100%'))).toEqual([]);
  });

  it('filter by kind, status and date of issue, and refuse a filter they do not know', async () => {
    const base = `/api/events/${concert.id}/invoices?sort_by=number&sort_direction=asc&`;
    expect(await references(`${base}filter_fields[kind][eq]=CREDIT_NOTE`)).toEqual([credit.reference]);
    expect(await references(`${base}filter_fields[status][eq]=UNPAID`)).toEqual(['RE-9']);
    expect(await references(`${base}filter_fields[status][in]=PAID,CREDIT`)).toEqual([
      'RE-7',
      'RE-8',
      credit.reference,
    ]);
    expect(await references(`${base}filter_fields[issued_at][gte]=2031-01-01`)).toEqual([credit.reference]);
    expect((await call(`${base}filter_fields[status][eq]=LATE`)).statusCode).toBe(422);
    expect((await call(`${base}filter_fields[total][gt]=1`)).statusCode).toBe(422);
  });

  it('export what the list shows as CSV, credit notes negative, and as XLSX', async () => {
    const res = await call(`/api/events/${concert.id}/invoices/export?format=csv&query=nuno`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoices-${concert.id}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Number,Kind,Date of issue,Payment due,Status,Credits invoice,Buyer,Company,Buyer’s VAT number,' +
        'E-mail,Order reference,Event,Currency,Net,Fees,Taxes,Total',
    );
    const orderRef = issued.nuno.document.order_reference;
    const day = dayIn(new Date(issued.nuno.issued_at), 'Europe/Lisbon');
    expect(lines.slice(1)).toEqual([
      `RE-8,Invoice,${day},${issued.nuno.due_date ?? ''},Paid,,Nuno Silva,,,nuno@example.com,${orderRef},River Concert,EUR,50.00,0.00,0.00,50.00`,
      `${credit.reference},Credit note,2031-07-01,,Credit,RE-8,Nuno Silva,Acme Lda,PT509999999,nuno@example.com,${orderRef},River Concert,EUR,-25.00,0.00,0.00,-25.00`,
    ]);
    const xlsx = await call(`/api/events/${concert.id}/invoices/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = new TextDecoder().decode(unzipSync(xlsx.rawPayload)['xl/worksheets/sheet1.xml']);
    for (const text of ['RE-7', 'RE-8', 'RE-9', credit.reference, 'Olga Silva', 'Acme Lda'])
      expect(sheet).toContain(text);
    expect(sheet).not.toContain('Rui Silva');
  });

  it('give a month’s documents as a ZIP of their PDFs, dated in the event’s time zone', async () => {
    const month = dayIn(new Date(), 'Europe/Lisbon').slice(0, 7);
    const res = await call(`/api/events/${concert.id}/invoices/zip?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoices-${concert.id}-${month}.zip"`,
    );
    const files = unzipSync(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['RE-7.pdf', 'RE-8.pdf', 'RE-9.pdf']);
    for (const [name, bytes] of Object.entries(files)) {
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect((await pdfText(Buffer.from(bytes))).join('\n')).toContain(`Invoice ${name.replace('.pdf', '')}`);
    }
    // 23:30 on 30 June in UTC is 1 July in Lisbon: the credit note is July's.
    const july = unzipSync((await call(`/api/events/${concert.id}/invoices/zip?month=2031-07`)).rawPayload);
    expect(Object.keys(july)).toEqual([`${credit.reference}.pdf`]);
    const june = unzipSync((await call(`/api/events/${concert.id}/invoices/zip?month=2031-06`)).rawPayload);
    expect(Object.keys(june)).toEqual([]);
    expect((await call(`/api/events/${concert.id}/invoices/zip?month=2031-13`)).statusCode).toBe(422);
  });
});

describe('the account’s invoices', () => {
  it('hold every event’s, narrow to some, export and zip them all', async () => {
    expect(await references('/api/accounts/current/invoices?sort_by=number&sort_direction=asc')).toEqual([
      'RE-7',
      'RE-8',
      'RE-9',
      'RE-10',
      credit.reference,
    ]);
    expect(await references(`/api/accounts/current/invoices?filter_fields[event_id][eq]=${fair.id}`)).toEqual(
      ['RE-10'],
    );
    const csv = await call(
      '/api/accounts/current/invoices/export?format=csv&filter_fields[kind][eq]=INVOICE',
    );
    expect(csv.headers['content-disposition']).toBe('attachment; filename="invoices.csv"');
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(5);
    expect(csv.body).toContain('Rui Silva');
    const month = dayIn(new Date(), 'Europe/Lisbon').slice(0, 7);
    const zip = unzipSync((await call(`/api/accounts/current/invoices/zip?month=${month}`)).rawPayload);
    expect(Object.keys(zip).sort()).toEqual(['RE-10.pdf', 'RE-7.pdf', 'RE-8.pdf', 'RE-9.pdf']);
  });

  it('are nothing of another account’s: its events are 404, its own lists are empty', async () => {
    const other = await makeAccount(t.app);
    for (const path of ['invoices', 'invoices/export?format=csv', 'invoices/zip']) {
      const res = await call(`/api/events/${concert.id}/${path}`, other.token);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await list('/api/accounts/current/invoices', other.token)).meta.total).toBe(0);
    const csv = await call('/api/accounts/current/invoices/export?format=csv', other.token);
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(1);
    const zip = await call('/api/accounts/current/invoices/zip?month=2031-07', other.token);
    expect(Object.keys(unzipSync(zip.rawPayload))).toEqual([]);
  });
});
