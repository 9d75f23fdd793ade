import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTicketCode } from '../../../common/ticket-code';
import { orders } from '../../db/schema';
import { makeAccount, makeEvent, makeQuestion, makeTicket, setEventStatus } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { ticketCounts } from '../../test/stock';

let kit: IdentityKit;
let eventId: number;
let free: number;
let paid: number;
let diet: number;
let company: number;
let owner: Awaited<ReturnType<typeof makeAccount>>;

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app);
  const event = await makeEvent(kit.app, owner, {
    title: 'Details',
    start_date: '2031-11-01T20:00:00Z',
    settings: {
      offline_payments_enabled: true,
      offline_payment_instructions: 'Pay by transfer to PT50 0000.',
    },
  });
  eventId = event.id;
  free = (await makeTicket(kit.app, owner, { eventId, title: 'Free', type: 'FREE' })).id;
  paid = (
    await makeTicket(kit.app, owner, {
      eventId,
      title: 'Paid',
      type: 'PAID',
      price: 1500,
      tax_and_fee_ids: [],
    })
  ).id;
  const question = (fields: Omit<Parameters<typeof makeQuestion>[2], 'eventId'>) =>
    makeQuestion(kit.app, owner, { eventId, ...fields });
  diet = (
    await question({
      title: 'Diet',
      type: 'RADIO',
      options: ['Meat', 'Veg'],
      required: true,
      ticket_ids: [free],
    })
  ).id;
  company = (await question({ title: 'Company', type: 'SINGLE_LINE', scope: 'PER_ORDER' })).id;
  await question({ title: 'Internal', type: 'SINGLE_LINE', required: true, is_hidden: true });
  await setEventStatus(kit.app, owner, { id: eventId, status: 'LIVE' });
});
afterAll(async () => {
  await kit?.close();
});

const base = () => `/api/public/events/${eventId}/orders`;
const reserve = async (lines: object[]) => {
  const res = await kit.app.inject({ method: 'POST', url: base(), payload: { tickets: lines } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().short_id as string;
};
const put = (shortId: string, payload: object) =>
  kit.app.inject({ method: 'PUT', url: `${base()}/${shortId}`, payload });
const complete = (shortId: string, payload: object = {}) =>
  kit.app.inject({ method: 'POST', url: `${base()}/${shortId}/complete`, payload });
const buyer = { first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com' };
const person = (ticketId: number, name: string, answers: object[] = []) => ({
  ticket_id: ticketId,
  first_name: name,
  last_name: 'Lima',
  email: `${name.toLowerCase()}@example.com`,
  answers,
});
const ticketCounters = (id: number) => ticketCounts(kit.app.db, id);

describe('order details and completion', () => {
  it('check attendees against the lines and answers against each question', async () => {
    const shortId = await reserve([{ ticket_id: free, quantity: 2 }]);
    const few = await put(shortId, { ...buyer, attendees: [person(free, 'Rui')] });
    expect(few.json().errors).toEqual({ attendees: ['Give one attendee for each ticket in the order.'] });
    const bad = await put(shortId, {
      ...buyer,
      attendees: [person(free, 'Rui', [{ question_id: diet, answer: 'Fish' }]), person(free, 'Eva')],
      answers: [{ question_id: company, answer: 'Line one\nline two' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      [`attendees.0.answers.${diet}`]: ['This value is not valid.'],
      [`attendees.1.answers.${diet}`]: ['This field is required.'],
      [`answers.${company}`]: ['This value is not valid.'],
    });
    // Hidden questions are for organizers: not asked, so not required of buyers.
    const ok = await put(shortId, {
      ...buyer,
      attendees: [
        person(free, 'Rui', [{ question_id: diet, answer: 'Veg' }]),
        person(free, 'Eva', [{ question_id: diet, answer: 'Meat' }]),
      ],
      answers: [{ question_id: company, answer: 'Lima & Co' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email: 'ana@example.com', status: 'RESERVED' });
    expect(ok.json().attendees.map((a: { first_name: string }) => a.first_name)).toEqual(['Rui', 'Eva']);
    // Coming back to the form: the order gives the answers back, the order's and each person's.
    const again = await kit.app.inject({ method: 'GET', url: `${base()}/${shortId}` });
    expect(again.json().answers).toEqual([{ question_id: company, answer: 'Lima & Co' }]);
    expect(again.json().attendees.map((a: { answers: unknown }) => a.answers)).toEqual([
      [{ question_id: diet, answer: 'Veg' }],
      [{ question_id: diet, answer: 'Meat' }],
    ]);
  });

  it('requires the last names of the buyer and the attendees, with a translated field error', async () => {
    const shortId = await reserve([{ ticket_id: free, quantity: 2 }]);
    const veg = [{ question_id: diet, answer: 'Veg' }];
    const blank = await kit.app.inject({
      method: 'PUT',
      url: `${base()}/${shortId}`,
      headers: { 'accept-language': 'de' },
      payload: {
        ...buyer,
        last_name: ' ',
        attendees: [person(free, 'Rui', veg), { ...person(free, 'Eva', veg), last_name: '' }],
      },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({
      last_name: ['Dieses Feld ist erforderlich.'],
      'attendees.1.last_name': ['Dieses Feld ist erforderlich.'],
    });
    // Nothing of it was written: the order still waits for its details.
    const order = await kit.app.inject({ method: 'GET', url: `${base()}/${shortId}` });
    expect(order.json()).toMatchObject({ first_name: null, last_name: null, email: null, attendees: [] });
  });

  it('takes an optional address empty or with its main lines, and says which lines are needed', async () => {
    const postal = (
      await makeQuestion(kit.app, owner, {
        eventId,
        title: 'Postal address',
        type: 'ADDRESS',
        scope: 'PER_ORDER',
      })
    ).id;
    const shortId = await reserve([{ ticket_id: free, quantity: 1 }]);
    const holder = [person(free, 'Rui', [{ question_id: diet, answer: 'Veg' }])];
    const address = (lines: object) => ({
      ...buyer,
      attendees: holder,
      answers: [{ question_id: postal, answer: lines }],
    });
    const begun = await put(shortId, address({ city: 'Lisboa' }));
    expect(begun.statusCode).toBe(422);
    expect(begun.json().errors).toEqual({
      [`answers.${postal}`]: ['Fill in address line 1, city and country, or leave the whole address empty.'],
    });
    const whole = await put(
      shortId,
      address({ address_line_1: 'Rua Augusta 1', city: 'Lisboa', country: 'Portugal' }),
    );
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().answers).toEqual([
      {
        question_id: postal,
        answer: {
          address_line_1: 'Rua Augusta 1',
          address_line_2: '',
          city: 'Lisboa',
          state_or_region: '',
          zip_or_postal_code: '',
          country: 'Portugal',
        },
      },
    ]);
    // Left out (or empty), the optional address is fine.
    expect((await put(shortId, { ...buyer, attendees: holder })).statusCode).toBe(200);
  });

  it('completes a free order at once: seats sold, attendees active with ticket codes', async () => {
    const shortId = await reserve([{ ticket_id: free, quantity: 1 }]);
    expect((await complete(shortId)).json().code).toBe('ORDER_DETAILS_MISSING');
    await put(shortId, {
      ...buyer,
      attendees: [person(free, 'Rui', [{ question_id: diet, answer: 'Veg' }])],
    });
    const before = await ticketCounters(free);
    const done = await complete(shortId);
    expect(done.statusCode, done.body).toBe(200);
    const order = done.json();
    expect(order.status).toBe('COMPLETED');
    expect(order.reserved_until).toBeNull();
    expect(order.attendees[0]).toMatchObject({ status: 'ACTIVE' });
    expect(order.attendees[0].short_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Signed by the event: the code names the attendee, the event and the ticket.
    expect(parseTicketCode(order.attendees[0].ticket_code)).toMatchObject({
      attendeeShortId: order.attendees[0].short_id,
      eventId,
      ticketId: order.attendees[0].ticket_id,
    });
    const after = await ticketCounters(free);
    expect(after?.quantitySold).toBe((before?.quantitySold ?? 0) + 1);
    expect(after?.quantityReserved).toBe((before?.quantityReserved ?? 0) - 1);
    // Done is done.
    expect((await complete(shortId)).statusCode).toBe(409);
    expect((await put(shortId, { ...buyer, attendees: [person(free, 'X')] })).statusCode).toBe(409);
  });

  it('mails the buyer a confirmation and each address its tickets with QR codes and a calendar file', async () => {
    const shortId = await reserve([{ ticket_id: free, quantity: 2 }]);
    // Two attendees with one address: one mail with both tickets (decision 035).
    const twin = (name: string) => ({
      ...person(free, name, [{ question_id: diet, answer: 'Veg' }]),
      email: 'twins@example.com',
    });
    await put(shortId, { ...buyer, email: 'buyer.mail@example.com', attendees: [twin('Rui'), twin('Eva')] });
    const order = (await complete(shortId)).json();
    await kit.deliverMail();

    const [confirmation] = kit.smtp.to('buyer.mail@example.com');
    expect(confirmation?.subject).toBe('Your order for Details');
    expect(confirmation?.text).toContain(`/checkout/${eventId}/${shortId}/summary`);
    const ics = confirmation?.attachments.find((a) => a.filename === 'event.ics');
    const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
    const vevent = calendar.getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('summary')).toBe('Details');
    // In the event's zone (Lisbon, on UTC in November), as its VTIMEZONE says.
    const start = vevent?.getFirstProperty('dtstart');
    expect(start?.getParameter('tzid')).toBe('Europe/Lisbon');
    expect(String(start?.getFirstValue())).toBe('2031-11-01T20:00:00');

    const tickets = kit.smtp.to('twins@example.com');
    expect(tickets.map((m) => m.subject)).toEqual(['Your tickets for Details']);
    const codes = [];
    for (const png of tickets[0]?.attachments.filter((a) => a.mimeType === 'image/png') ?? []) {
      expect(tickets[0]?.html).toContain(`cid:${png.contentId?.replace(/[<>]/g, '')}`);
      const { data, info } = await sharp(png.content)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      codes.push(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data);
    }
    expect(codes.sort()).toEqual(order.attendees.map((a: { ticket_code: string }) => a.ticket_code).sort());
    // The organizer asked to hear about new orders (the default), and that it is free.
    expect(
      kit.smtp.mails.some(
        (m) => m.subject.startsWith('New order') && m.subject.endsWith('for Details: free'),
      ),
    ).toBe(true);
  });

  it('leaves an offline-paid order awaiting payment, seats held, with the instructions', async () => {
    const shortId = await reserve([{ ticket_id: paid, quantity: 1 }]);
    await put(shortId, { ...buyer, attendees: [person(paid, 'Rui')] });
    const noProvider = await complete(shortId);
    expect(Object.keys(noProvider.json().errors)).toEqual(['payment_provider']);
    const waiting = await complete(shortId, { payment_provider: 'OFFLINE' });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({
      status: 'AWAITING_PAYMENT',
      payment_instructions: 'Pay by transfer to PT50 0000.',
      reserved_until: null,
    });
    expect(waiting.json().attendees[0].status).toBe('AWAITING_PAYMENT');
    expect(await ticketCounters(paid)).toMatchObject({ quantityReserved: 1, quantitySold: 0 });
  });

  it('answers 410 once the reservation has expired', async () => {
    const shortId = await reserve([{ ticket_id: free, quantity: 1 }]);
    await kit.app.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.shortId, shortId));
    const late = await put(shortId, { ...buyer, attendees: [person(free, 'Rui')] });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('This order has expired. Please start a new one.');
    expect((await complete(shortId)).statusCode).toBe(410);
    const order = await kit.app.inject({ method: 'GET', url: `${base()}/${shortId}` });
    expect(order.json().status).toBe('EXPIRED');
  });
});
