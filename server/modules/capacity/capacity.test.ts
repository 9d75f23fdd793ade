import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeTicket, type Owner } from '../../test/builders';
import { setCapacityUsed, setTicketCounts } from '../../test/stock';

let t: TestApp;
let owner: Owner;
let eventId: number;
let day: number;
let vip: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  eventId = (await makeEvent(t.app, owner, { title: 'Room', start_date: '2031-06-01T20:00:00Z' })).id;
  day = (await makeTicket(t.app, owner, { eventId, title: 'Day' })).id;
  vip = (await makeTicket(t.app, owner, { eventId, title: 'VIP' })).id;
});
afterAll(async () => {
  await t?.close();
});

const as = (
  token: string,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

const url = (suffix = '') => `/api/events/${eventId}/capacity-assignments${suffix}`;

describe('capacity assignments', () => {
  it('share one limit between tickets, and need tickets of the event', async () => {
    const created = await as(owner.token, {
      method: 'POST',
      url: url(),
      payload: { name: 'Main room', capacity: 300, ticket_ids: [day, vip] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Main room',
      capacity: 300,
      used_capacity: 0,
      status: 'ACTIVE',
      ticket_ids: [day, vip].sort((a, b) => a - b),
    });

    const none = await as(owner.token, {
      method: 'POST',
      url: url(),
      payload: { name: 'Empty', capacity: 5, ticket_ids: [] },
    });
    expect(Object.keys(none.json().errors)).toEqual(['ticket_ids']);
    const foreign = await as(owner.token, {
      method: 'POST',
      url: url(),
      payload: { name: 'X', capacity: 5, ticket_ids: [999_999] },
    });
    expect(foreign.json().errors).toEqual({ ticket_ids: ['Choose tickets of this event.'] });

    const id = created.json().id;
    // 120 Day tickets sold (as the checkout would count them: on the ticket and the assignment).
    await setTicketCounts(t.app.db, day, { quantitySold: 120 });
    await setCapacityUsed(t.app.db, id, 120);
    const remaining = async (ticketId: number) =>
      (await as(owner.token, { method: 'GET', url: `/api/events/${eventId}/tickets/${ticketId}` })).json()
        .quantity_remaining;
    // The shared limit is what is left of the tickets, which are otherwise unlimited.
    expect(await remaining(day)).toBe(180);
    expect(await remaining(vip)).toBe(180);
    const shrink = await as(owner.token, {
      method: 'PUT',
      url: url(`/${id}`),
      payload: { name: 'Main room', capacity: 100, ticket_ids: [day] },
    });
    expect(shrink.json().errors).toEqual({
      capacity: ['The quantity cannot be lower than what is already sold or reserved.'],
    });
    const ok = await as(owner.token, {
      method: 'PUT',
      url: url(`/${id}`),
      payload: { name: 'Main hall', capacity: 150, ticket_ids: [day], status: 'INACTIVE' },
    });
    expect(ok.json()).toMatchObject({
      name: 'Main hall',
      capacity: 150,
      used_capacity: 120,
      ticket_ids: [day],
      status: 'INACTIVE',
    });
    // An inactive assignment limits nothing.
    expect(await remaining(day)).toBeNull();

    const other = await makeAccount(t.app);
    expect((await as(other.token, { method: 'GET', url: url(`/${id}`) })).statusCode).toBe(404);
    expect((await as(owner.token, { method: 'DELETE', url: url(`/${id}`) })).statusCode).toBe(204);
    expect((await as(owner.token, { method: 'GET', url: url() })).json().data).toEqual([]);
  });
});
