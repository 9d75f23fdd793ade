import type { TicketRequest } from '../../common/tickets';
import type { App } from '../app';
import { makeLiveEvent, type Owner } from './builders';

// An event that happens twice (issue 36), and orders placed on one of its dates through the
// public checkout's HTTP calls, as a buyer on the event's page would place them.

export interface TwoDates {
  eventId: number;
  ticketIds: number[];
  /** The event's first date (made with it) and the second, added with a label. */
  first: number;
  second: number;
}

async function call(
  app: App,
  request: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; token?: string },
) {
  const res = await app.inject({
    method: request.method,
    url: request.url,
    ...(request.payload ? { payload: request.payload } : {}),
    ...(request.token ? { headers: { authorization: `Bearer ${request.token}` } } : {}),
  });
  if (res.statusCode >= 300)
    throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A live event in Berlin on 2031-01-01 20:00 UTC, then a second date a week later ("Second night"). */
export async function makeTwoDateEvent(
  app: App,
  owner: Owner,
  tickets: Partial<TicketRequest>[] = [{ title: 'Seat', type: 'FREE' }],
): Promise<TwoDates> {
  const made = await makeLiveEvent(app, owner, {
    title: 'Twice on the pier',
    timezone: 'Europe/Berlin',
    start_date: '2031-01-01T20:00:00Z',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
    tickets,
  });
  const eventId = made.event.id;
  const dates = await call(app, { method: 'GET', url: `/api/events/${eventId}/dates`, token: owner.token });
  const second = await call(app, {
    method: 'POST',
    url: `/api/events/${eventId}/dates`,
    token: owner.token,
    payload: { starts_at: '2031-01-08T20:00:00Z', label: 'Second night' },
  });
  return { eventId, ticketIds: made.tickets.map((t) => t.id), first: dates.data[0].id, second: second.id };
}

/** One completed order on `dateId`: one ticket per name, held by that name (e-mail `{name}@example.com`). */
export async function buyOn(
  app: App,
  order: { eventId: number; dateId: number; ticketId: number; names: string[]; offline?: boolean },
): Promise<{ short_id: string; reference: string }> {
  const base = `/api/public/events/${order.eventId}/orders`;
  const [buyer = 'Buyer'] = order.names;
  const reserved = await call(app, {
    method: 'POST',
    url: base,
    payload: {
      date_id: order.dateId,
      tickets: [{ ticket_id: order.ticketId, quantity: order.names.length }],
    },
  });
  const url = `${base}/${reserved.short_id}`;
  const email = (name: string) => `${name.toLowerCase()}@example.com`;
  await call(app, {
    method: 'PUT',
    url,
    payload: {
      first_name: buyer,
      last_name: 'Silva',
      email: email(buyer),
      attendees: order.names.map((name) => ({
        ticket_id: order.ticketId,
        first_name: name,
        last_name: 'Silva',
        email: email(name),
      })),
    },
  });
  return call(app, {
    method: 'POST',
    url: `${url}/complete`,
    payload: order.offline ? { payment_provider: 'OFFLINE' } : {},
  });
}
