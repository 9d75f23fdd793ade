import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrderResponse } from '../../../common/orders';
import {
  makeAccount,
  makeLiveEvent,
  makeOrder,
  makeOrganizer,
  type OrderPlan,
  type Owner,
} from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import type { ReceivedMail } from '../../test/smtp';

// The mails of an order (decision 035): sent on behalf of the event, from the organizer by name
// at the platform's address with replies to the organizer, and one mail per person for each
// thing that happens: the buyer's confirmation carries their own tickets, every other address
// gets one mail with its tickets, the organizer hears once that the order was placed (paid or
// awaiting payment) and once more, as "paid", when an offline payment arrives.

let kit: IdentityKit;
let owner: Owner;
let quay: { eventId: number; free: number; paid: number; seat: number };
let plain: { eventId: number; free: number };
const ORGANIZER = 'Harbour "Jazz" Club · Lisboa';

beforeAll(async () => {
  kit = await createIdentityKit({ ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await makeAccount(kit.app);
  const organizer = await makeOrganizer(kit.app, owner, { name: ORGANIZER, email: 'club@harbour.example' });
  const { event, tickets } = await makeLiveEvent(kit.app, owner, {
    title: 'Quay Nights',
    organizer_id: organizer.id,
    settings: {
      reply_to_email: 'box@harbour.example',
      offline_payments_enabled: true,
      offline_payment_instructions: 'Transfer to PT50 0000.',
      waitlist_enabled: true,
    },
    tickets: [
      { title: 'Deck', type: 'FREE' },
      { title: 'Table', type: 'PAID', price: 2000, tax_and_fee_ids: [] },
      { title: 'Last seat', type: 'FREE', quantity_available: 1 },
    ],
  });
  quay = {
    eventId: event.id,
    free: tickets[0]?.id ?? 0,
    paid: tickets[1]?.id ?? 0,
    seat: tickets[2]?.id ?? 0,
  };
  // The same organizer's other event, without a reply-to address of its own.
  const other = await makeLiveEvent(kit.app, owner, { title: 'Dock Talks', organizer_id: organizer.id });
  plain = { eventId: other.event.id, free: other.tickets[0]?.id ?? 0 };
});
afterAll(async () => {
  await kit?.close();
});

/** Places the order and delivers every mail it queued; answers the order and the mails it caused. */
async function ordered(plan: OrderPlan): Promise<{ order: PublicOrderResponse; mails: ReceivedMail[] }> {
  const before = kit.smtp.mails.length;
  const order = await makeOrder(kit.app, plan);
  await kit.deliverMail();
  return { order, mails: kit.smtp.mails.slice(before) };
}

const to = (mails: ReceivedMail[], address: string) => mails.filter((m) => m.to.includes(address));

/** The ticket codes of a mail's QR code images, decoded from their pixels, in order. */
async function qrCodes(mail: ReceivedMail | undefined): Promise<(string | undefined)[]> {
  const codes = [];
  for (const image of mail?.attachments.filter((a) => a.mimeType === 'image/png') ?? []) {
    expect(mail?.html).toContain(`cid:${image.contentId?.replace(/[<>]/g, '')}`);
    const { data, info } = await sharp(image.content)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    codes.push(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data);
  }
  return codes;
}

const codeOf = (order: PublicOrderResponse, name: string) =>
  order.attendees.find((a) => a.first_name === name)?.ticket_code;

describe('mails on behalf of an event', () => {
  it('come from the organizer by name at the platform address, and replies go to the event', async () => {
    const { mails } = await ordered({
      eventId: quay.eventId,
      buyer: 'Ana',
      email: 'ana@buyers.example',
      lines: [{ ticket_id: quay.free, quantity: 2 }],
      attendees: ['Ana', 'Bruno'],
      emails: ['ana@buyers.example', 'bruno@buyers.example'],
    });
    const [confirmation] = to(mails, 'ana@buyers.example');
    const [ticket] = to(mails, 'bruno@buyers.example');
    expect(confirmation?.subject).toBe('Your order for Quay Nights');
    expect(ticket?.subject).toBe('Your ticket for Quay Nights');
    for (const mail of [confirmation, ticket]) {
      expect(mail?.from).toEqual({ name: ORGANIZER, address: 'no-reply@tessera.local' });
      expect(mail?.replyTo).toEqual(['box@harbour.example']);
    }
    // The organizer's own note is the platform's, not a mail to buyers.
    const [note] = to(mails, 'club@harbour.example');
    expect(note?.from).toEqual({ name: 'Tessera', address: 'no-reply@tessera.local' });
  });

  it("reply to the organizer's address when the event names none", async () => {
    const { mails } = await ordered({
      eventId: plain.eventId,
      buyer: 'Carla',
      email: 'carla@buyers.example',
      lines: [{ ticket_id: plain.free, quantity: 1 }],
    });
    const [confirmation] = to(mails, 'carla@buyers.example');
    expect(confirmation?.subject).toBe('Your order for Dock Talks');
    expect(confirmation?.from).toEqual({ name: ORGANIZER, address: 'no-reply@tessera.local' });
    expect(confirmation?.replyTo).toEqual(['club@harbour.example']);
  });

  it('include the cancellation of an order and the waiting list', async () => {
    const { order } = await ordered({
      eventId: quay.eventId,
      buyer: 'Dora',
      email: 'dora@buyers.example',
      lines: [{ ticket_id: quay.seat, quantity: 1 }],
    });
    const joined = await kit.app.inject({
      method: 'POST',
      url: `/api/public/events/${quay.eventId}/waitlist`,
      payload: { ticket_id: quay.seat, first_name: 'Eli', last_name: 'Moss', email: 'eli@buyers.example' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    // The waiting-list mails are queued by a job of their own: two rounds of the queue.
    await kit.deliverMail();
    await kit.deliverMail();
    const list = await kit.as(owner.token, {
      method: 'GET',
      url: `/api/events/${quay.eventId}/orders?query=${order.reference}`,
    });
    const id = list.json().data[0]?.id;
    const cancelled = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${quay.eventId}/orders/${id}/cancel`,
      payload: { notify_buyer: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await kit.deliverMail();
    await kit.deliverMail();
    const mails = [
      ...kit.smtp.to('dora@buyers.example').filter((m) => m.subject.includes('cancelled')),
      ...kit.smtp.to('eli@buyers.example'),
    ];
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'A ticket for Quay Nights is waiting for you',
      'You are on the waiting list for Quay Nights',
      `Your order ${order.reference} has been cancelled`,
    ]);
    for (const mail of mails) {
      expect(mail.from).toEqual({ name: ORGANIZER, address: 'no-reply@tessera.local' });
      expect(mail.replyTo).toEqual(['box@harbour.example']);
    }
  });
});

describe('one mail per person', () => {
  it("the buyer's confirmation carries their own ticket; every other address gets one mail with its tickets", async () => {
    const { order, mails } = await ordered({
      eventId: quay.eventId,
      buyer: 'Jonas',
      email: 'jonas@buyers.example',
      lines: [{ ticket_id: quay.free, quantity: 4 }],
      attendees: ['Jonas', 'Mia', 'Rui', 'Eva'],
      emails: ['Jonas@Buyers.example', 'mia@buyers.example', 'twins@buyers.example', 'twins@buyers.example'],
    });
    const jonas = to(mails, 'jonas@buyers.example');
    expect(jonas.map((m) => m.subject)).toEqual(['Your order for Quay Nights']);
    expect(jonas[0]?.text).toContain('Thank you: your order');
    expect(jonas[0]?.text).toContain('Your ticket is in this e-mail: show its QR code at the entrance.');
    expect(jonas[0]?.text).toContain('The other tickets are sent to their attendees.');
    expect(await qrCodes(jonas[0])).toEqual([codeOf(order, 'Jonas')]);
    expect(jonas[0]?.attachments.map((a) => a.filename)).toContain(`tickets-${order.reference}.pdf`);

    const mia = to(mails, 'mia@buyers.example');
    expect(mia.map((m) => m.subject)).toEqual(['Your ticket for Quay Nights']);
    expect(await qrCodes(mia[0])).toEqual([codeOf(order, 'Mia')]);
    // Both kinds end with the way back to the tickets should the mail be lost (decision 056).
    for (const mail of [jonas[0], mia[0]]) {
      expect(mail?.text).toMatch(
        new RegExp(
          `Lost this e-mail later\\? Find your tickets again: http\\S+/find-tickets/${quay.eventId}\\n`,
        ),
      );
    }

    // Two people at one address: one mail, both tickets, both greeted.
    const twins = to(mails, 'twins@buyers.example');
    expect(twins.map((m) => m.subject)).toEqual(['Your tickets for Quay Nights']);
    expect(twins[0]?.text).toContain('Hello Rui and Eva,');
    expect(twins[0]?.text).toContain('Here are your 2 tickets for Quay Nights');
    expect(await qrCodes(twins[0])).toEqual([codeOf(order, 'Rui'), codeOf(order, 'Eva')]);
    expect(twins[0]?.attachments.filter((a) => a.mimeType === 'application/pdf')).toHaveLength(2);

    expect(to(mails, 'club@harbour.example').map((m) => m.subject)).toEqual([
      `New order ${order.reference} for Quay Nights: free`,
    ]);
    expect(mails).toHaveLength(4);
  });

  it('a buyer holding every ticket gets one mail with all of them', async () => {
    const { order, mails } = await ordered({
      eventId: quay.eventId,
      buyer: 'Lena',
      email: 'lena@buyers.example',
      lines: [{ ticket_id: quay.free, quantity: 2 }],
      attendees: ['Lena', 'Lena'],
    });
    const lena = to(mails, 'lena@buyers.example');
    expect(lena).toHaveLength(1);
    expect(lena[0]?.text).toContain(
      'Your 2 tickets are in this e-mail: show their QR codes at the entrance.',
    );
    expect(lena[0]?.text).not.toContain('sent to their attendees');
    expect((await qrCodes(lena[0])).sort()).toEqual(order.attendees.map((a) => a.ticket_code).sort());
  });

  it('an offline order: placed awaiting payment, then paid, each said once to the buyer and the organizer', async () => {
    const { order, mails: placed } = await ordered({
      eventId: quay.eventId,
      buyer: 'Omar',
      email: 'omar@buyers.example',
      lines: [{ ticket_id: quay.paid, quantity: 2 }],
      attendees: ['Omar', 'Paula'],
      emails: ['omar@buyers.example', 'paula@buyers.example'],
      until: 'offline',
    });
    expect(to(placed, 'omar@buyers.example').map((m) => m.subject)).toEqual(['Your order for Quay Nights']);
    expect(to(placed, 'omar@buyers.example')[0]?.text).toContain('waits for your payment');
    expect(to(placed, 'paula@buyers.example')).toEqual([]);
    const [placedNote] = to(placed, 'club@harbour.example');
    expect(placedNote?.subject).toBe(`New order ${order.reference} for Quay Nights: awaiting payment`);
    expect(placedNote?.text).toContain('It awaits an offline payment');
    expect(placed).toHaveLength(2);

    const list = await kit.as(owner.token, {
      method: 'GET',
      url: `/api/events/${quay.eventId}/orders?query=${order.reference}`,
    });
    const marked = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${quay.eventId}/orders/${list.json().data[0]?.id}/mark-paid`,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const before = kit.smtp.mails.length;
    await kit.deliverMail();
    const paid = kit.smtp.mails.slice(before);
    const [omar] = to(paid, 'omar@buyers.example');
    expect(omar?.text).toContain(
      `Your payment has been received: your order ${order.reference} for Quay Nights is confirmed.`,
    );
    expect(omar?.text).toContain('Your ticket is in this e-mail');
    expect(to(paid, 'paula@buyers.example').map((m) => m.subject)).toEqual(['Your ticket for Quay Nights']);
    const notes = to(paid, 'club@harbour.example');
    expect(notes.map((m) => m.subject)).toEqual([`Order ${order.reference} for Quay Nights: paid`]);
    expect(notes[0]?.text).toContain('has been received');
    expect(paid).toHaveLength(3);
    // The organizer heard "new order" once in all.
    expect(
      kit.smtp.to('club@harbour.example').filter((m) => m.subject.startsWith(`New order ${order.reference}`)),
    ).toHaveLength(1);
  });
});
