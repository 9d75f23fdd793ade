import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTicketCode } from '../../../common/ticket-code';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { pdfText } from '../../test/pdf';
import { addDate, firstDateOf } from '../../test/stock';

// An order of a later date of an event (issue 36) shows that date everywhere the buyer looks:
// the order and ticket pages, the QR code, the mail and its calendar file, the PDF.

let kit: IdentityKit;
let owner: Owner;
let eventId: number;
let seat: number;
let first: number;
let matinee: number;

beforeAll(async () => {
  kit = await createIdentityKit({ ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await makeAccount(kit.app);
  const { event, tickets } = await makeLiveEvent(kit.app, owner, {
    title: 'Recital',
    start_date: '2031-05-02T19:00:00Z',
    end_date: '2031-05-02T21:00:00Z',
    timezone: 'Europe/Lisbon',
    tickets: [{ title: 'Seat', type: 'FREE', quantity_available: 20 }],
  });
  eventId = event.id;
  seat = tickets[0]?.id ?? 0;
  first = await firstDateOf(kit.app.db, eventId);
  matinee = await addDate(kit.app, owner, {
    eventId,
    starts_at: '2031-05-03T14:00:00Z',
    ends_at: '2031-05-03T16:00:00Z',
    label: 'Matinee',
  });
}, 60_000);
afterAll(async () => {
  await kit?.close();
});

describe("an order of an event's later date", () => {
  it('shows its date on the pages, the code, the mail, the calendar file and the PDF', async () => {
    const before = kit.smtp.mails.length;
    const order = await makeOrder(kit.app, {
      eventId,
      date_id: matinee,
      lines: [{ ticket_id: seat, quantity: 1 }],
      buyer: 'Maria',
    });
    expect(order.event).toMatchObject({
      start_date: '2031-05-03T14:00:00.000Z',
      end_date: '2031-05-03T16:00:00.000Z',
      date: { id: matinee, label: 'Matinee', first: false },
    });
    const [attendee] = order.attendees;
    expect(parseTicketCode(attendee?.ticket_code ?? '')?.dateId).toBe(matinee);
    const ticket = await kit.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/attendees/${attendee?.short_id}`,
    });
    expect(ticket.json().event).toMatchObject({
      start_date: '2031-05-03T14:00:00.000Z',
      date: { id: matinee },
    });

    await kit.deliverMail();
    const [mail] = kit.smtp.mails.slice(before).filter((m) => m.to.includes('maria@example.com'));
    // 15:00 in Lisbon (summer time), on the Saturday of the matinee, not the Friday evening.
    expect(mail?.text).toContain('Recital · Matinee');
    expect(mail?.text).toContain('Saturday, May 3, 2031 at 3:00 PM');
    const ics = mail?.attachments.find((a) => a.filename.endsWith('.ics'))?.content.toString() ?? '';
    expect(ics).toContain('DTSTART;TZID=Europe/Lisbon:20310503T150000');
    expect(ics).toContain(`UID:event-${eventId}-date-${matinee}@`);

    const pdf = await kit.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/orders/${order.short_id}/tickets.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    const [page] = await pdfText(pdf.rawPayload);
    expect(page).toContain('Recital · Matinee');
    expect(page).toContain('Saturday, May 3, 2031 at 3:00 PM – 5:00 PM');
  });

  it('keeps the event itself as the calendar entry of its first date', async () => {
    const order = await makeOrder(kit.app, {
      eventId,
      date_id: first,
      lines: [{ ticket_id: seat, quantity: 1 }],
      buyer: 'Nuno',
    });
    expect(order.event).toMatchObject({ start_date: '2031-05-02T19:00:00.000Z', date: { first: true } });
    const before = kit.smtp.mails.length;
    await kit.deliverMail();
    const mails = kit.smtp.mails.slice(before).filter((m) => m.to.includes('nuno@example.com'));
    const ics = mails[0]?.attachments.find((a) => a.filename.endsWith('.ics'))?.content.toString() ?? '';
    expect(ics).toContain(`UID:event-${eventId}@`);
    expect(mails[0]?.text).not.toContain('Matinee');
  });
});
