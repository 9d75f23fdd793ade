import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets, users } from '../../db/schema';
import { createIdentityKit, type IdentityKit } from '../../test/identity';

let kit: IdentityKit;
beforeAll(async () => {
  kit = await createIdentityKit();
});
afterAll(async () => {
  await kit?.close();
});

describe('event stats', () => {
  it('count public page views, written in batches, per day', async () => {
    const owner = await kit.register();
    await kit.app.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, owner.userId));
    const org = (
      await kit.as(owner.token, { method: 'POST', url: '/api/organizers', payload: { name: 'Org' } })
    ).json();
    const event = (
      await kit.as(owner.token, {
        method: 'POST',
        url: '/api/events',
        payload: { title: 'Watched', organizer_id: org.id, start_date: '2031-03-01T20:00:00Z' },
      })
    ).json();
    await kit.as(owner.token, {
      method: 'PUT',
      url: `/api/events/${event.id}/status`,
      payload: { status: 'LIVE' },
    });

    for (let i = 0; i < 3; i++)
      await kit.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    // Nothing is written per view...
    const before = await kit.as(owner.token, { method: 'GET', url: `/api/events/${event.id}/stats` });
    expect(before.json()).toMatchObject({ page_views: 0, tickets_sold: 0, tickets_reserved: 0 });
    // ...until the counter is flushed; two flushes add up.
    expect(await kit.app.pageViews.flush(kit.app.db)).toBe(3);
    await kit.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    await kit.app.pageViews.flush(kit.app.db);

    const stats = (await kit.as(owner.token, { method: 'GET', url: `/api/events/${event.id}/stats` })).json();
    expect(stats.page_views).toBe(4);
    expect(stats.daily).toHaveLength(14);
    expect(stats.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), page_views: 4 });
    expect(stats.daily.slice(0, -1).every((d: { page_views: number }) => d.page_views === 0)).toBe(true);

    // Tickets sold and reserved add up over the event's tickets.
    for (const [sold, reserved] of [
      [5, 1],
      [2, 0],
    ]) {
      const ticket = (
        await kit.as(owner.token, {
          method: 'POST',
          url: `/api/events/${event.id}/tickets`,
          payload: { title: `T${sold}`, type: 'FREE' },
        })
      ).json();
      await kit.app.db
        .update(tickets)
        .set({ quantitySold: sold, quantityReserved: reserved })
        .where(eq(tickets.id, ticket.id));
    }
    const withSales = (
      await kit.as(owner.token, { method: 'GET', url: `/api/events/${event.id}/stats` })
    ).json();
    expect(withSales).toMatchObject({ tickets_sold: 7, tickets_reserved: 1 });

    const other = await kit.register();
    expect(
      (await kit.as(other.token, { method: 'GET', url: `/api/events/${event.id}/stats` })).statusCode,
    ).toBe(404);
  });
});
