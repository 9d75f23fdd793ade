import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompleteOrderRequest } from '../../../common/orders';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { completeOrder } from '../orders/details';
import { ensureInvoice } from './service';
import { updateInvoiceSettings } from './settings';

// Gap-free numbers (issue 38, decision 053): orders placed at once, and their invoices issued at
// once, by two "instances" — two pools of connections to one PostgreSQL database, as two app
// processes would have — get exactly the numbers 1 to N: none twice, none skipped. PGlite has one
// connection, so there it checks the counting on fewer orders.

let t: TestApp;
let owner: Owner;
let second: DatabaseHandle | undefined;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  if (t.url) second = await openDatabase({ kind: 'postgresql', url: t.url, poolSize: 10 });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('invoice numbers', () => {
  it('run 1…N without a gap or a repeat when every order is placed and invoiced at once', async () => {
    const count = t.url ? 500 : 100;
    await updateInvoiceSettings({
      db: t.app.db,
      auth: owner.auth,
      input: {
        enabled: true,
        legal_name: 'Race Hall Lda',
        address: 'Rua 1, Lisboa',
        tax_id: null,
        prefix: 'RH-',
        payment_terms_days: 7,
        notes: null,
        footer: null,
        attach_to_confirmation: false,
        buyer_business: 'OFF',
      },
    });
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'Race Hall',
      settings: { offline_payments_enabled: true },
      tickets: [{ title: 'Seat', type: 'PAID', price: 1000, max_per_order: 1 }],
    });
    const ticketId = tickets[0]?.id ?? 0;
    // Buyers who have given their details, 25 at a time; none has paid yet.
    const waiting: string[] = [];
    for (let i = 0; i < count; i += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, count - i) }, () =>
          makeOrder(t.app, {
            eventId: event.id,
            lines: [{ ticket_id: ticketId, quantity: 1 }],
            until: 'details',
          }),
        ),
      );
      waiting.push(...batch.map((order) => order.short_id));
    }
    const pools = [t.app.db, second?.db ?? t.app.db];

    // All of them choose to pay offline at once, half through each instance.
    await Promise.all(
      waiting.map((shortId, i) =>
        completeOrder({
          db: pools[i % 2] ?? t.app.db,
          eventId: event.id,
          shortId,
          input: CompleteOrderRequest.parse({ payment_provider: 'OFFLINE' }),
          links: { appUrl: t.app.config.appUrl, notify: false },
        }),
      ),
    );
    const placed = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.eventId, event.id))
      .orderBy(asc(orders.id));
    expect(placed).toHaveLength(count);

    // Both instances' workers issue the invoices at once, some orders twice.
    await Promise.all(
      [...placed, ...placed.slice(0, 50)].map((order, i) =>
        ensureInvoice(pools[i % 2] ?? t.app.db, order.id),
      ),
    );
    const issued = await t.app.db
      .select({ number: invoices.number, reference: invoices.reference, orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.eventId, event.id))
      .orderBy(asc(invoices.number));
    expect(issued.map((i) => i.number)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(new Set(issued.map((i) => i.orderId)).size).toBe(count);
    expect(issued[0]?.reference).toBe('RH-1');
  }, 240_000);
});
