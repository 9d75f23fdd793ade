import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PublicWaitlistEntry } from '../../common/waitlist';
import type { App } from '../app';
import { orders } from '../db/schema';
import { createTestApp, type TestApp } from './app';
import { makeAccount, makeLiveEvent, type Owner } from './builders';
import { ticketCounts } from './stock';

/**
 * A test app and an account for a file of waiting-list tests (decision 030), started before and
 * closed after the file, and the steps those tests share: a sold-out show, joining its list,
 * reading an entry as its holder does, a ticket's counters and an order cancelled.
 */
export function startWaitlistKit() {
  let t: TestApp | undefined;
  let account: Owner | undefined;
  beforeAll(async () => {
    // Every join comes from 127.0.0.1: the limits per address would stop a file half-way.
    t = await createTestApp({ env: { ORDER_RATE_LIMIT_PER_MINUTE: '100000' } });
    account = await makeAccount(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const app = (): App => {
    if (!t) throw new Error('the waiting-list kit is used before its beforeAll');
    return t.app;
  };
  const owner = (): Owner => {
    if (!account) throw new Error('the waiting-list kit is used before its beforeAll');
    return account;
  };
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app().inject({ method, url, payload, headers: { authorization: `Bearer ${owner().token}` } });
  const pub = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app().inject({ method, url, payload });

  return {
    app,
    owner,
    api,
    pub,
    /** A live event with one FREE ticket of `quantity`, its waiting list on unless said otherwise. */
    async soldOutShow(options: { quantity?: number; settings?: object } = {}) {
      const { event, tickets: made } = await makeLiveEvent(app(), owner(), {
        title: 'Small Room',
        settings: { waitlist_enabled: true, ...options.settings },
        tickets: [{ title: 'Seat', type: 'FREE', quantity_available: options.quantity ?? 1 }],
      });
      return { eventId: event.id, ticketId: made[0]?.id ?? 0 };
    },
    join: (
      eventId: number,
      body: { ticket_id: number; first_name?: string; last_name?: string; email: string },
    ) =>
      pub('POST', `/api/public/events/${eventId}/waitlist`, {
        first_name: 'Some',
        last_name: 'One',
        ...body,
      }),
    async entry(eventId: number, token: string) {
      const res = await pub('GET', `/api/public/events/${eventId}/waitlist/${token}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PublicWaitlistEntry;
    },
    async stock(ticketId: number) {
      const row = await ticketCounts(app().db, ticketId);
      return { sold: row.quantitySold, reserved: row.quantityReserved };
    },
    async cancel(eventId: number, shortId: string) {
      const [row] = await app().db.select().from(orders).where(eq(orders.shortId, shortId));
      const res = await api('POST', `/api/events/${eventId}/orders/${row?.id}/cancel`, {
        notify_buyer: false,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  };
}
