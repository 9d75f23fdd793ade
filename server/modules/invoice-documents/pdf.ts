import type { I18n } from '@lingui/core';
import { translate } from '../../../common/i18n/translate';
import type { InvoiceDocument } from '../../../common/invoices';
import { formatMoney } from '../../../common/money';
import { INK, newPdfDocument, type TextStyle, write } from '../ticket-documents/fonts';

const M = {
  invoice: /*i18n*/ { id: 'pdf.invoice.invoice', message: 'Invoice {reference}' },
  creditNote: /*i18n*/ { id: 'pdf.invoice.credit_note', message: 'Credit note {reference}' },
  credits: /*i18n*/ { id: 'pdf.invoice.credits', message: 'Credits invoice {reference}' },
  taxId: /*i18n*/ { id: 'pdf.invoice.tax_id', message: 'VAT number: {taxId}' },
  billedTo: /*i18n*/ { id: 'pdf.invoice.billed_to', message: 'Billed to' },
  issued: /*i18n*/ { id: 'pdf.invoice.issued', message: 'Date of issue' },
  supply: /*i18n*/ { id: 'pdf.invoice.supply', message: 'Date of supply' },
  due: /*i18n*/ { id: 'pdf.invoice.due', message: 'Payment due' },
  order: /*i18n*/ { id: 'pdf.invoice.order', message: 'Order' },
  event: /*i18n*/ { id: 'pdf.invoice.event', message: 'Event' },
  item: /*i18n*/ { id: 'pdf.invoice.item', message: 'Item' },
  quantity: /*i18n*/ { id: 'pdf.invoice.quantity', message: 'Qty' },
  unitPrice: /*i18n*/ { id: 'pdf.invoice.unit_price', message: 'Unit price' },
  discount: /*i18n*/ { id: 'pdf.invoice.discount', message: 'Discount' },
  net: /*i18n*/ { id: 'pdf.invoice.net', message: 'Net' },
  onBase: /*i18n*/ { id: 'pdf.invoice.on_base', message: '{name} {rate} % on {base}' },
  subtotal: /*i18n*/ { id: 'pdf.invoice.subtotal', message: 'Net total' },
  total: /*i18n*/ { id: 'pdf.invoice.total', message: 'Total' },
};

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const MUTED = '#5b5f73';
const WIDTH = PAGE.width - 2 * PAGE.margin;
/** The table's columns: where each starts, from the left margin, and how wide it is. */
const COLUMNS = { item: [0, 200], quantity: [205, 35], unit: [245, 75], discount: [325, 70], net: [400, 99] };

/** A date (YYYY-MM-DD, or an instant) as the document's language writes it. */
const day = (value: string, locale: string, timezone: string) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: value.length === 10 ? 'UTC' : timezone,
  }).format(new Date(value.length === 10 ? `${value}T12:00:00Z` : value));

/** Writes at `y` and returns the next line's `y`. */
function line(doc: PDFKit.PDFDocument, text: string, style: Omit<TextStyle, 'width'> & { width?: number }) {
  return style.y + write(doc, text, { width: WIDTH, ...style }) + 4;
}

/** The document's language, and where on the page a part starts. */
interface At {
  i18n: I18n;
  top: number;
}

/** The head's room: its heading beside the logo, its parties below the logo. */
interface HeadRoom {
  i18n: I18n;
  headingWidth: number;
  /** Where the parties may start at the earliest: under the logo. */
  below: number;
}

function drawHead(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, room: HeadRoom): number {
  const { i18n } = room;
  const { locale } = invoice;
  const heading = invoice.kind === 'INVOICE' ? M.invoice : M.creditNote;
  let y = line(doc, translate(i18n, heading, { reference: invoice.reference }), {
    x: PAGE.margin,
    y: PAGE.margin,
    size: 20,
    weight: 'bold',
    width: room.headingWidth,
  });
  if (invoice.credits_invoice)
    y = line(doc, translate(i18n, M.credits, { reference: invoice.credits_invoice }), {
      x: PAGE.margin,
      y,
      size: 10,
      color: MUTED,
      width: room.headingWidth,
    });
  y = Math.max(y, room.below) + 12;
  // The seller on the left, the document's dates and references on the right.
  let left = line(doc, invoice.seller.legal_name, {
    x: PAGE.margin,
    y,
    size: 11,
    weight: 'bold',
    width: 260,
  });
  left = line(doc, invoice.seller.address, { x: PAGE.margin, y: left, size: 10, width: 260 });
  if (invoice.seller.tax_id)
    left = line(doc, translate(i18n, M.taxId, { taxId: invoice.seller.tax_id }), {
      x: PAGE.margin,
      y: left,
      size: 10,
      width: 260,
    });
  const facts: [string, string][] = [
    [translate(i18n, M.issued), day(invoice.issued_at, locale, invoice.event.timezone)],
    [translate(i18n, M.supply), day(invoice.supply_date, locale, invoice.event.timezone)],
    ...(invoice.due_date
      ? [[translate(i18n, M.due), day(invoice.due_date, locale, invoice.event.timezone)] as [string, string]]
      : []),
    [translate(i18n, M.order), invoice.order_reference],
    [translate(i18n, M.event), invoice.event.title],
  ];
  let right = y;
  for (const [label, value] of facts) {
    write(doc, label, { x: 330, y: right, size: 9, color: MUTED, width: 90 });
    right += write(doc, value, { x: 420, y: right, size: 9, width: PAGE.width - PAGE.margin - 420 }) + 3;
  }
  y = Math.max(left, right) + 14;
  y = line(doc, translate(i18n, M.billedTo), { x: PAGE.margin, y, size: 9, color: MUTED });
  const buyer = invoice.buyer;
  const parts = [
    buyer.company,
    buyer.name,
    buyer.address,
    buyer.tax_id ? translate(i18n, M.taxId, { taxId: buyer.tax_id }) : null,
    buyer.email,
  ];
  for (const part of parts.filter((p): p is string => Boolean(p)))
    y = line(doc, part, { x: PAGE.margin, y, size: 10, width: 300 });
  return y + 16;
}

function drawLines(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, { i18n, top }: At): number {
  const money = (minor: number) => formatMoney(minor, invoice.currency, invoice.locale);
  const cell = (text: string, column: keyof typeof COLUMNS, at: { y: number; bold?: boolean }) => {
    const [x = 0, width = 0] = COLUMNS[column];
    return write(doc, text, {
      x: PAGE.margin + x,
      y: at.y,
      size: 9,
      width,
      weight: at.bold ? 'bold' : 'regular',
    });
  };
  let y = top;
  cell(translate(i18n, M.item), 'item', { y, bold: true });
  cell(translate(i18n, M.quantity), 'quantity', { y, bold: true });
  cell(translate(i18n, M.unitPrice), 'unit', { y, bold: true });
  cell(translate(i18n, M.discount), 'discount', { y, bold: true });
  cell(translate(i18n, M.net), 'net', { y, bold: true });
  y += 16;
  doc
    .moveTo(PAGE.margin, y - 3)
    .lineTo(PAGE.width - PAGE.margin, y - 3)
    .lineWidth(0.5)
    .stroke('#b8bbc9');
  for (const item of invoice.lines) {
    const title = item.variant ? `${item.title} – ${item.variant}` : item.title;
    const height = cell(title, 'item', { y });
    cell(String(item.quantity), 'quantity', { y });
    cell(money(item.unit_price), 'unit', { y });
    cell(item.discount ? money(-item.discount) : '', 'discount', { y });
    cell(money(item.subtotal), 'net', { y });
    y += Math.max(height, 12) + 6;
  }
  return y + 8;
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, { i18n, top }: At): number {
  const money = (minor: number) => formatMoney(minor, invoice.currency, invoice.locale);
  let y = top;
  const row = (label: string, amount: number, bold = false) => {
    const weight = bold ? 'bold' : 'regular';
    write(doc, label, { x: PAGE.margin + 200, y, size: bold ? 11 : 9, width: 200, weight });
    y += write(doc, money(amount), { x: PAGE.margin + 400, y, size: bold ? 11 : 9, width: 99, weight }) + 5;
  };
  row(translate(i18n, M.subtotal), invoice.totals.subtotal);
  for (const charge of invoice.charges) {
    const label =
      charge.rate === null
        ? charge.name
        : translate(i18n, M.onBase, { name: charge.name, rate: charge.rate, base: money(charge.base) });
    row(label, charge.amount);
  }
  y += 4;
  doc
    .moveTo(PAGE.margin + 200, y - 4)
    .lineTo(PAGE.width - PAGE.margin, y - 4)
    .lineWidth(0.5)
    .stroke(INK);
  row(translate(i18n, M.total), invoice.totals.total, true);
  return y + 16;
}

/**
 * An invoice or credit note as a PDF, drawn from its frozen document in the language it was
 * issued in, so it prints the same every time (decision 053).
 */
/** The most room the logo takes at the page's top right, in points. */
const LOGO_BOX = { width: 140, height: 56 };

/** The logo at the top right, fitted into `LOGO_BOX`; answers the width it took. */
function drawLogo(doc: PDFKit.PDFDocument, logo: InvoiceLogo): number {
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1);
  const width = logo.width * scale;
  doc.image(logo.body, PAGE.width - PAGE.margin - width, PAGE.margin, {
    width,
    height: logo.height * scale,
  });
  return width;
}

/** The event's logo as a PNG, which the invoice carries at its top right. */
export interface InvoiceLogo {
  body: Buffer;
  width: number;
  height: number;
}

export async function renderInvoicePdf(
  invoice: InvoiceDocument,
  i18n: I18n,
  logo: InvoiceLogo | null = null,
): Promise<Buffer> {
  const heading = invoice.kind === 'INVOICE' ? M.invoice : M.creditNote;
  const { doc, done } = await newPdfDocument({
    title: translate(i18n, heading, { reference: invoice.reference }),
    lang: invoice.locale,
  });
  doc.addPage({ size: 'A4', margin: 0 });
  const logoWidth = logo ? drawLogo(doc, logo) + 16 : 0;
  let y = drawHead(doc, invoice, {
    i18n,
    headingWidth: WIDTH - logoWidth,
    below: logo ? PAGE.margin + LOGO_BOX.height : 0,
  });
  y = drawLines(doc, invoice, { i18n, top: y });
  y = drawTotals(doc, invoice, { i18n, top: y });
  for (const text of [invoice.notes, invoice.footer].filter((t): t is string => Boolean(t)))
    y = line(doc, text, { x: PAGE.margin, y, size: 9, color: MUTED }) + 8;
  doc.end();
  return done;
}
