import type { App } from '../../app';
import {
  makeAccount,
  makeCheckInList,
  makeLiveEvent,
  makeOrder,
  makeOrganizer,
  makeQuestion,
  type Owner,
} from '../builders';

/**
 * An account with everything a path can name: users, an organizer, taxes, two live events
 * (one whose status the fuzzer may change), tickets of each type, questions, a promo code, a
 * capacity assignment, orders in every state, a check-in list with a check-in.
 */
export interface Estate {
  owner: Owner;
  userIds: number[];
  organizerIds: number[];
  taxIds: number[];
  eventId: number;
  /** The event whose status (and dates) requests may change, so the other stays on sale. */
  spareEventId: number;
  ticketIds: number[];
  priceIds: number[];
  questionIds: number[];
  promoCodeIds: number[];
  promoCodes: string[];
  assignmentIds: number[];
  orderIds: number[];
  orderShortIds: string[];
  attendeeIds: number[];
  attendeeShortIds: string[];
  ticketCodes: string[];
  emails: string[];
  listIds: number[];
  listShortIds: string[];
  checkInIds: number[];
  /** An API key of the account (decision 025). */
  apiKeyIds: number[];
}

async function call<T>(
  app: App,
  owner: Owner,
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
): Promise<T> {
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

export async function makeEstate(app: App, label: string): Promise<Estate> {
  const owner = await makeAccount(app, { first_name: label });
  const member = await call<{ id: number }>(app, owner, 'POST', '/api/users', {
    email: `member.${label.toLowerCase()}@example.com`,
    role: 'ORGANIZER',
  });
  const organizer = await makeOrganizer(app, owner, { name: `${label} Productions` });
  const tax = await call<{ id: number }>(app, owner, 'POST', '/api/taxes-and-fees', {
    name: 'VAT',
    type: 'TAX',
    calculation_type: 'PERCENTAGE',
    rate: '23',
  });
  const settings = { offline_payments_enabled: true };
  const { event, tickets } = await makeLiveEvent(app, owner, {
    organizer_id: organizer.id,
    settings,
    location: { venue_name: 'Coliseu', city: 'Lisboa' },
    tickets: [
      { title: 'Free', type: 'FREE', quantity_available: 500 },
      { title: 'Paid', type: 'PAID', price: 1500, tax_and_fee_ids: [tax.id] },
      { title: 'Donation', type: 'DONATION', price: 500 },
      {
        title: 'Tiered',
        type: 'TIERED',
        prices: [
          { label: 'Early', price: 1000, quantity_available: 50 },
          { label: 'Late', price: 2000 },
        ],
      },
    ],
  });
  const spare = await makeLiveEvent(app, owner, { organizer_id: organizer.id, settings });
  const [free, paid, , tiered] = tickets;
  if (!free || !paid || !tiered) throw new Error('tickets missing');
  const questions = [
    await makeQuestion(app, owner, { eventId: event.id, title: 'Diet', type: 'SINGLE_LINE' }),
    await makeQuestion(app, owner, {
      eventId: event.id,
      title: 'Size',
      type: 'DROPDOWN',
      options: ['S', 'M', 'L'],
      scope: 'PER_ATTENDEE',
    }),
  ];
  const promo = await call<{ id: number; code: string }>(
    app,
    owner,
    'POST',
    `/api/events/${event.id}/promo-codes`,
    {
      code: `${label.toUpperCase()}10`,
      discount_type: 'PERCENTAGE',
      discount: '10',
    },
  );
  const assignment = await call<{ id: number }>(
    app,
    owner,
    'POST',
    `/api/events/${event.id}/capacity-assignments`,
    {
      name: 'Hall',
      capacity: 300,
      ticket_ids: [free.id, paid.id],
    },
  );

  const free1 = (n: number) => [{ ticket_id: free.id, quantity: n }];
  const orders = [
    await makeOrder(app, { eventId: event.id, lines: free1(2), buyer: `${label}Ana` }),
    await makeOrder(app, { eventId: event.id, lines: free1(1), buyer: `${label}Rui` }),
    await makeOrder(app, { eventId: event.id, lines: free1(3), buyer: `${label}Eva` }),
    await makeOrder(app, {
      eventId: event.id,
      lines: [{ ticket_id: paid.id, quantity: 2 }],
      until: 'offline',
    }),
    await makeOrder(app, {
      eventId: event.id,
      lines: [{ ticket_id: paid.id, quantity: 1 }],
      until: 'offline',
    }),
    await makeOrder(app, { eventId: event.id, lines: free1(1), until: 'details' }),
    await makeOrder(app, {
      eventId: event.id,
      lines: [{ ticket_id: paid.id, quantity: 1 }],
      until: 'details',
    }),
    ...(await Promise.all(
      [1, 2, 1, 2, 1, 1].map((n) =>
        makeOrder(app, { eventId: event.id, lines: free1(n), until: 'reserved' }),
      ),
    )),
    await makeOrder(app, {
      eventId: event.id,
      lines: [{ ticket_id: tiered.id, quantity: 1, price_id: tiered.prices[0]?.id }],
      until: 'reserved',
    }),
  ];
  const attendees = orders.flatMap((order) => order.attendees ?? []);
  const list = await makeCheckInList(app, owner, { eventId: event.id, ticket_ids: [free.id, paid.id] });
  const firstCode = attendees.find((attendee) => attendee.ticket_code)?.ticket_code;
  const scan = await app.inject({
    method: 'POST',
    url: `/api/public/check-in-lists/${list.short_id}/check-ins`,
    payload: { ticket_code: firstCode },
  });
  const checkInId = (scan.json() as { check_in?: { id: number } }).check_in?.id;
  const adminOrders = await app.inject({
    method: 'GET',
    url: `/api/events/${event.id}/orders?per_page=100`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const adminAttendees = await app.inject({
    method: 'GET',
    url: `/api/events/${event.id}/attendees?per_page=100`,
    headers: { authorization: `Bearer ${owner.token}` },
  });

  const apiKey = await call<{ id: number }>(app, owner, 'POST', '/api/api-keys', {
    name: `${label} sync`,
    role: 'ORGANIZER',
  });
  return {
    owner,
    userIds: [member.id, owner.userId],
    organizerIds: [organizer.id],
    taxIds: [tax.id],
    eventId: event.id,
    spareEventId: spare.event.id,
    ticketIds: tickets.map((ticket) => ticket.id),
    priceIds: tiered.prices.map((price) => price.id),
    questionIds: questions.map((question) => question.id),
    promoCodeIds: [promo.id],
    promoCodes: [promo.code],
    assignmentIds: [assignment.id],
    orderIds: (adminOrders.json() as { data: { id: number }[] }).data.map((order) => order.id),
    orderShortIds: orders.map((order) => order.short_id),
    attendeeIds: (adminAttendees.json() as { data: { id: number }[] }).data.map((attendee) => attendee.id),
    attendeeShortIds: attendees.map((attendee) => attendee.short_id),
    ticketCodes: attendees.flatMap((attendee) => (attendee.ticket_code ? [attendee.ticket_code] : [])),
    emails: [owner.email, ...orders.map((order) => order.email).filter((email): email is string => !!email)],
    listIds: [list.id],
    listShortIds: [list.short_id],
    checkInIds: checkInId ? [checkInId] : [],
    apiKeyIds: [apiKey.id],
  };
}
