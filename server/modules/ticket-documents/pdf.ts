import type { I18n } from '@lingui/core';
import QRCode from 'qrcode';
import { translate } from '../../../common/i18n/translate';
import { textOn } from '../../../common/ticket-design';
import type { Where } from '../../../common/where';
import { newPdfDocument, type Weight, write } from './fonts';

/** What a PDF of tickets shows: the event once, then one page per ticket. */
export interface TicketSheet {
  event: {
    title: string;
    start: Date;
    end: Date | null;
    timezone: string;
    where: Where | null;
    /** The event's message for ticket pages, printed under every ticket. */
    message: string | null;
    /**
     * The ticket design's accent (`#rrggbb`, else the event page's primary colour): the band at
     * the top of each ticket, its text white or ink, whichever reads better (decision 059).
     */
    primaryColor: string;
    /**
     * The event's logo (its PNG copy), on a white card at the band's right; null without one or
     * when the design leaves it out.
     */
    logo: { body: Buffer; width: number; height: number } | null;
    /** The design's free text, under the tickets' details; null without one. */
    freeText: string | null;
    /** The design's footer, at the bottom of every ticket; null without one. */
    footer: string | null;
  };
  reference: string;
  tickets: {
    name: string;
    ticketTitle: string;
    /** Where a seated ticket's holder sits ("Stalls, row F, seat 12"); null when not seated. */
    seat: string | null;
    /**
     * What the ticket cost (its share of the order's breakdown: discount, fees and taxes in), as
     * the buyer's language writes it, with the tier's name when it has one.
     */
    price: string | null;
    /** The order's buyer, when the design shows them; null otherwise. */
    buyer: string | null;
    /** The holder's answers to the questions the design names, in its order. */
    answers: { question: string; answer: string }[];
    /** The attendee's add-ons ("Lunch, 2 × Workshop seat", decision 052); null without any. */
    addons: string | null;
    /** The exact text of the QR code, as check-in scans it. */
    code: string;
    /** The ticket's page, printed small under the code. */
    url: string;
  }[];
}

const M = {
  documentTitle: /*i18n*/ { id: 'pdf.ticket.document_title', message: 'Tickets for {event}' },
  attendee: /*i18n*/ { id: 'pdf.ticket.attendee', message: 'Attendee' },
  ticket: /*i18n*/ { id: 'pdf.ticket.ticket', message: 'Ticket' },
  seat: /*i18n*/ { id: 'pdf.ticket.seat', message: 'Seat' },
  price: /*i18n*/ { id: 'pdf.ticket.price', message: 'Price' },
  buyer: /*i18n*/ { id: 'pdf.ticket.buyer', message: 'Bought by' },
  addons: /*i18n*/ { id: 'pdf.ticket.addons', message: 'Add-ons' },
  when: /*i18n*/ { id: 'pdf.ticket.when', message: 'Date and time' },
  where: /*i18n*/ { id: 'pdf.ticket.where', message: 'Location' },
  online: /*i18n*/ { id: 'pdf.ticket.online', message: 'Online event' },
  order: /*i18n*/ { id: 'pdf.ticket.order', message: 'Order' },
  scan: /*i18n*/ {
    id: 'pdf.ticket.scan',
    message: 'Show this code at the entrance, printed or on your phone. It lets one person in, once.',
  },
  page: /*i18n*/ { id: 'pdf.ticket.page', message: 'Ticket {number} of {count}' },
};

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const BAND_HEIGHT = 168;
/**
 * The QR code's square, its quiet zone of four modules in: the same on every ticket whatever the
 * design (decision 059), so that a scanner reads it from a phone or a print.
 */
export const QR_SIZE = 178;
/** Answers longer than this are cut on the ticket (the page keeps to one A4 sheet). */
const ANSWER_MAX = 160;
/** The most room the logo takes on the band, in points, and the white card's padding around it. */
const LOGO_BOX = { width: 150, height: 56, padding: 8 };

const MUTED = '#5b5f73';

/** White or near-black, whichever reads better on the band. */
const onColor = textOn;

/** The QR code drawn as squares (sharp at any zoom and printer), with its quiet zone. */
function drawQr(doc: PDFKit.PDFDocument, code: string, at: { x: number; y: number }) {
  const qr = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = QR_SIZE / (count + 8);
  doc.rect(at.x, at.y, QR_SIZE, QR_SIZE).fill('#ffffff');
  for (let row = 0; row < count; row++)
    for (let column = 0; column < count; column++)
      if (qr.modules.get(row, column))
        doc.rect(at.x + (column + 4) * cell, at.y + (row + 4) * cell, cell, cell);
  doc.fill('#000000');
}

function whenText(sheet: TicketSheet, locale: string): string {
  const { start, end, timezone } = sheet.event;
  const full = new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: timezone,
  });
  const day = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: timezone });
  const zone =
    new Intl.DateTimeFormat(locale, { timeZone: timezone, timeZoneName: 'short' })
      .formatToParts(start)
      .find((part) => part.type === 'timeZoneName')?.value ?? timezone;
  if (!end) return `${full.format(start)} (${zone})`;
  const endText =
    day(end) === day(start)
      ? new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: timezone }).format(end)
      : full.format(end);
  return `${full.format(start)} – ${endText} (${zone})`;
}

/**
 * The logo at the band's top right, fitted into `LOGO_BOX` on a white card so that any logo
 * reads on any primary colour; answers the width it takes.
 */
function drawLogo(doc: PDFKit.PDFDocument, logo: { body: Buffer; width: number; height: number }) {
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
  const width = logo.width * scale;
  const height = logo.height * scale;
  const x = PAGE.width - PAGE.margin - width;
  const y = 44;
  const pad = LOGO_BOX.padding;
  doc.roundedRect(x - pad, y - pad, width + 2 * pad, height + 2 * pad, 8).fill('#ffffff');
  doc.image(logo.body, x, y, { width, height });
  return width;
}

interface Field {
  label: string;
  value: string;
  size?: number;
  weight?: Weight;
}

function drawTicket(
  doc: PDFKit.PDFDocument,
  sheet: TicketSheet,
  page: { i18n: I18n; index: number; when: string },
) {
  const { i18n, index } = page;
  const ticket = sheet.tickets[index];
  if (!ticket) return;
  const { event } = sheet;
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const bandText = onColor(event.primaryColor);

  doc.rect(0, 0, PAGE.width, BAND_HEIGHT).fill(event.primaryColor);
  const logoWidth = event.logo ? drawLogo(doc, event.logo) : 0;
  const titleWidth = logoWidth > 0 ? width - logoWidth - 2 * LOGO_BOX.padding - 16 : width;
  write(doc, event.title, { x: left, y: 44, size: 26, weight: 'bold', color: bandText, width: titleWidth });
  write(doc, translate(i18n, M.page, { number: index + 1, count: sheet.tickets.length }), {
    x: left,
    y: BAND_HEIGHT - 34,
    size: 11,
    color: bandText,
    width,
  });

  const columnWidth = width - QR_SIZE - 28;
  const where = event.where;
  const place = where?.lines.length
    ? where.lines.join('\n')
    : where?.online
      ? translate(i18n, M.online)
      : null;
  const fields: Field[] = [
    { label: translate(i18n, M.attendee), value: ticket.name, size: 22, weight: 'bold' },
    { label: translate(i18n, M.ticket), value: ticket.ticketTitle, size: 15, weight: 'bold' },
    ...(ticket.seat
      ? [{ label: translate(i18n, M.seat), value: ticket.seat, size: 15, weight: 'bold' as const }]
      : []),
    ...(ticket.price !== null ? [{ label: translate(i18n, M.price), value: ticket.price }] : []),
    ...(ticket.buyer ? [{ label: translate(i18n, M.buyer), value: ticket.buyer }] : []),
    ...ticket.answers.map((a) => ({
      label: a.question,
      value: a.answer.length > ANSWER_MAX ? `${a.answer.slice(0, ANSWER_MAX - 1)}…` : a.answer,
    })),
    ...(ticket.addons ? [{ label: translate(i18n, M.addons), value: ticket.addons }] : []),
    { label: translate(i18n, M.when), value: page.when },
    ...(place ? [{ label: translate(i18n, M.where), value: place }] : []),
    { label: translate(i18n, M.order), value: sheet.reference, weight: 'bold' as const },
  ];
  let y = BAND_HEIGHT + 36;
  for (const field of fields) {
    y += write(doc, field.label.toLocaleUpperCase(i18n.locale), {
      x: left,
      y,
      size: 8.5,
      weight: 'bold',
      color: MUTED,
      width: columnWidth,
    });
    y += 3;
    y += write(doc, field.value, {
      x: left,
      y,
      size: field.size ?? 12,
      weight: field.weight ?? 'regular',
      width: columnWidth,
    });
    y += 16;
  }

  const qrAt = { x: PAGE.width - PAGE.margin - QR_SIZE, y: BAND_HEIGHT + 28 };
  doc
    .roundedRect(qrAt.x - 8, qrAt.y - 8, QR_SIZE + 16, QR_SIZE + 16, 10)
    .lineWidth(1)
    .stroke('#d5d7e0');
  drawQr(doc, ticket.code, qrAt);
  write(doc, translate(i18n, M.scan), {
    x: qrAt.x - 8,
    y: qrAt.y + QR_SIZE + 18,
    size: 9,
    color: MUTED,
    width: QR_SIZE + 16,
  });

  y = Math.max(y + 8, qrAt.y + QR_SIZE + 96);
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .dash(4, { space: 4 })
    .lineWidth(1)
    .stroke('#b8bbc9')
    .undash();
  y += 24;
  if (event.message) y += write(doc, event.message, { x: left, y, size: 11, width }) + 16;
  if (event.freeText) {
    const height = write(doc, event.freeText, { x: left + 12, y, size: 10, width: width - 12 });
    doc.rect(left, y, 3, height).fill(event.primaryColor);
    y += height + 16;
  }

  const bottom = PAGE.height - PAGE.margin - 10;
  if (event.footer) {
    const height = doc.fontSize(8.5).heightOfString(event.footer, { width });
    write(doc, event.footer, { x: left, y: bottom - height - 8, size: 8.5, color: MUTED, width });
  }
  write(doc, ticket.url, { x: left, y: bottom, size: 7.5, color: MUTED, width });
}

/**
 * A PDF with one A4 page per ticket, in the order's language. The fonts are embedded as
 * subsets of the characters used, so a page stays a few tens of kilobytes.
 */
export async function renderTicketsPdf(sheet: TicketSheet, i18n: I18n): Promise<Buffer> {
  const { doc, done } = await newPdfDocument({
    title: translate(i18n, M.documentTitle, { event: sheet.event.title }),
    lang: i18n.locale,
  });
  const when = whenText(sheet, i18n.locale);
  sheet.tickets.forEach((_, index) => {
    doc.addPage({ size: 'A4', margin: 0 });
    drawTicket(doc, sheet, { i18n, index, when });
  });
  doc.end();
  return done;
}
