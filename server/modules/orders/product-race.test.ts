import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import type { TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makePromoCode, type Owner } from '../../test/builders';
import { createRushApp, rushOrders, tally } from '../../test/rush';

// Products are sold under the same guarded counters as tickets (decision 051): 200 buyers race
// for the last units of one variant of a T-shirt while another variant sells freely, over real
// HTTP. On PostgreSQL the requests run in parallel on a pool of connections; PGlite has one.

const BUYERS = 200;
const LAST = 30;

let t: TestApp;
let owner: Owner;
let base: string;
let rounds: number;

beforeAll(async () => {
  ({ t, base } = await createRushApp());
  rounds = t.app.databaseKind === 'postgresql' ? 3 : 1;
  owner = await makeAccount(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Units taken per variant by the counters, and by the open orders' lines, to compare. */
async function perVariant(productId: number) {
  const stock = await queryRows<{ label: string; taken: number }>(
    t.app.db,
    sql`select p.label, (s.quantity_sold + s.quantity_reserved)::int as taken
        from tier_stock s join ticket_prices p on p.id = s.price_id where p.ticket_id = ${productId}`,
  );
  const ordered = await queryRows<{ label: string; units: number }>(
    t.app.db,
    sql`select p.label, sum(i.quantity)::int as units from order_items i
        join ticket_prices p on p.id = i.price_id join orders o on o.id = i.order_id
        where i.ticket_id = ${productId} and o.status = 'RESERVED' group by p.label`,
  );
  return {
    stock: Object.fromEntries(stock.map((r) => [r.label, r.taken])),
    ordered: Object.fromEntries(ordered.map((r) => [r.label, r.units])),
  };
}

describe(`${BUYERS} buyers for a variant's last ${LAST} units while another variant sells`, () => {
  it('sells exactly the raced variant’s stock, every unit of the other, and a product-only promo code’s limit', async () => {
    for (let round = 0; round < rounds; round++) {
      const { event, tickets } = await makeLiveEvent(t.app, owner, {
        title: `Merch drop ${round}`,
        settings: { offline_payments_enabled: true },
        tickets: [
          { title: 'Entry', type: 'PAID', price: 1000, quantity_available: 1000, tax_and_fee_ids: [] },
          {
            kind: 'PRODUCT',
            title: 'T-shirt',
            type: 'TIERED',
            prices: [
              { label: 'M', price: 2000, quantity_available: LAST },
              { label: 'L', price: 2000, quantity_available: 1000 },
            ],
            tax_and_fee_ids: [],
          },
        ],
      });
      const [entry, shirt] = tickets;
      const [medium, large] = shirt?.prices ?? [];
      if (!entry || !shirt || !medium || !large) throw new Error('catalogue incomplete');
      // A code for the T-shirt only, 10 uses: its buyers take the transactional way.
      const code = await makePromoCode(t.app, owner, {
        eventId: event.id,
        code: `SHIRT${round}`,
        discount_type: 'PERCENTAGE',
        discount: '10',
        max_allowed_usages: 10,
        applicable_ticket_ids: [shirt.id],
      });
      const line = (priceId: number) => ({ ticket_id: shirt.id, price_id: priceId, quantity: 1 });
      const bodies = [
        ...Array.from({ length: BUYERS }, (_, i) => ({
          tickets: [line(medium.id), ...(i % 2 === 0 ? [{ ticket_id: entry.id, quantity: 1 }] : [])],
        })),
        ...Array.from({ length: 40 }, () => ({ tickets: [line(large.id)] })),
      ].sort(() => Math.random() - 0.5);
      const { created, others } = tally(await rushOrders({ base, eventId: event.id, bodies }));
      expect(created).toBe(LAST + 40);
      expect(new Set(others)).toEqual(new Set([409]));
      const counted = await perVariant(shirt.id);
      expect(counted.stock).toEqual({ M: LAST, L: 40 });
      expect(counted.ordered).toEqual(counted.stock);

      // The code takes 10% off the T-shirt only, and no more than its 10 uses are taken by
      // 30 buyers at once.
      const coded = await rushOrders({
        base,
        eventId: event.id,
        bodies: Array.from({ length: 30 }, () => ({
          tickets: [line(large.id), { ticket_id: entry.id, quantity: 1 }],
          promo_code: code.code,
        })),
      });
      expect(tally(coded).created).toBe(10);
      const lines = await queryRows<{ ticket_id: string | number; n: number; unit: number }>(
        t.app.db,
        sql`select i.ticket_id, count(*)::int as n, max(i.subtotal)::int as unit from order_items i
            join orders o on o.id = i.order_id where o.promo_code = ${code.code}
            group by i.ticket_id order by i.ticket_id`,
      );
      expect(lines.map((l) => [Number(l.ticket_id), l.n, l.unit])).toEqual([
        [entry.id, 10, 1000],
        [shirt.id, 10, 1800],
      ]);
    }
  }, 180_000);
});
