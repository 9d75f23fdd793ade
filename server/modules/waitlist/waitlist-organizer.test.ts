import { describe, expect, it } from 'vitest';
import type { WaitlistResponse } from '../../../common/waitlist';
import { makeAccount, makeLiveEvent, makeOrder } from '../../test/builders';
import { startWaitlistKit } from '../../test/waitlist-kit';

// The organizer's waiting list (decision 030): entries with places and counts, offers by hand,
// removal and export; a ticket that opens its own list.

const k = startWaitlistKit();
const { api, soldOutShow, join, cancel } = k;

describe('the organizer’s waiting list', () => {
  it('lists entries with places and counts, offers by hand, removes, and exports', async () => {
    const { eventId, ticketId } = await soldOutShow({ settings: { waitlist_auto_offer: false } });
    const first = await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    for (const name of ['Ana', 'Bruno', 'Carla'])
      await join(eventId, {
        ticket_id: ticketId,
        first_name: name,
        last_name: 'Lima',
        email: `${name.toLowerCase()}@example.com`,
      });
    // Automatic offers are off: the freed seat goes back on sale, and the organizer offers it.
    await cancel(eventId, first.short_id);
    let list = (await api('GET', `/api/events/${eventId}/waitlist`)).json() as WaitlistResponse;
    expect(list.auto_offer).toBe(false);
    expect(list.data.map((e) => [e.name, e.status, e.position])).toEqual([
      ['Ana Lima', 'WAITING', 1],
      ['Bruno Lima', 'WAITING', 2],
      ['Carla Lima', 'WAITING', 3],
    ]);
    const bruno = list.data[1]?.id;
    const offered = await api('POST', `/api/events/${eventId}/waitlist/${bruno}/offer`);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toMatchObject({ name: 'Bruno Lima', status: 'OFFERED', position: null });
    const none = await api('POST', `/api/events/${eventId}/waitlist/${list.data[0]?.id}/offer`);
    expect(none.json().code).toBe('WAITLIST_NO_FREE_SEAT');
    const again = await api('POST', `/api/events/${eventId}/waitlist/${bruno}/offer`);
    expect(again.json().code).toBe('WAITLIST_ENTRY_NOT_WAITING');

    const removed = await api('DELETE', `/api/events/${eventId}/waitlist/${list.data[0]?.id}`);
    expect(removed.json()).toMatchObject({ name: 'Ana Lima', status: 'REMOVED' });
    list = (await api('GET', `/api/events/${eventId}/waitlist?status=WAITING`)).json() as WaitlistResponse;
    expect(list.data.map((e) => [e.name, e.position])).toEqual([['Carla Lima', 1]]);
    expect(list.counts).toEqual([
      {
        ticket_id: ticketId,
        ticket_title: 'Seat',
        waiting: 1,
        offered: 1,
        purchased: 0,
        expired: 0,
        removed: 1,
      },
    ]);

    const csv = await api('GET', `/api/events/${eventId}/waitlist/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Position');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Ana Lima', 'Bruno Lima', 'Carla Lima']);

    // Another account sees none of it.
    const stranger = await makeAccount(k.app());
    const foreign = await k.app().inject({
      method: 'GET',
      url: `/api/events/${eventId}/waitlist`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets a ticket open its own list when the event has none', async () => {
    const { event, tickets: made } = await makeLiveEvent(k.app(), k.owner(), {
      tickets: [{ title: 'Balcony', type: 'FREE', quantity_available: 1, waitlist_enabled: true }],
    });
    const ticketId = made[0]?.id ?? 0;
    await makeOrder(k.app(), { eventId: event.id, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    expect((await join(event.id, { ticket_id: ticketId, email: 'x@example.com' })).statusCode).toBe(201);
  });
});
