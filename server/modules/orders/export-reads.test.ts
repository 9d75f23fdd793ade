import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeQuestion, makeTicket, type Owner } from '../../test/builders';
import { jsonPartsRead } from '../../test/json-parts';
import { seedAttendees } from '../../test/seed-attendees';

// The orders export reads as the attendee export does (decision 042): a batch of orders per
// statement, with their items and answers, answered in short JSON texts parsed one at a time.

const ORDERS = 2_500;

let kit: TestApp;
let owner: Owner;
let eventId: number;
let base: string;

beforeAll(async () => {
  kit = await createTestApp();
  owner = await makeAccount(kit.app);
  eventId = (await makeEvent(kit.app, owner, { title: 'Harbour fair' })).id;
  const ticket = await makeTicket(kit.app, owner, { eventId, title: 'Day pass' });
  await seedAttendees(kit.app.db, {
    accountId: owner.accountId,
    eventId,
    seatTicket: ticket.id,
    vipTicket: ticket.id,
    dietQuestion: (await makeQuestion(kit.app, owner, { eventId, title: 'Diet' })).id,
    companyQuestion: (await makeQuestion(kit.app, owner, { eventId, title: 'Company', scope: 'PER_ORDER' }))
      .id,
    count: ORDERS * 4,
  });
  // Four day passes of 12.50 in each order, as its item.
  await kit.app.db.execute(sql`
    insert into order_items (order_id, ticket_id, title, quantity, unit_price, discount, subtotal, fees, taxes, total)
    select id, ${ticket.id}, 'Day pass', 4, 1250, 0, 5000, 0, 0, 5000 from orders where event_id = ${eventId}`);
  await kit.app.db.execute(
    sql`update orders set gross = 5000, subtotal = 5000, total = 5000 where event_id = ${eventId}`,
  );
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await kit?.close();
});

describe('orders export, how it reads', () => {
  it('reads at most 1,000 orders per statement, with their items and answers, in texts of 100', async () => {
    const { value: lines, statements } = await jsonPartsRead(kit.app.db, async () => {
      const response = await fetch(`${base}/api/events/${eventId}/orders/export?format=csv`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(response.status).toBe(200);
      return (await response.text()).split('\r\n').filter(Boolean);
    });
    expect(lines).toHaveLength(ORDERS + 1);
    expect(lines[0]).toMatch(/Order reference,Order status,First name,.*,Company$/);
    expect(lines[ORDERS]).toMatch(
      /^S0002500,COMPLETED,Buyer,No2500,buyer2500@example\.com,EUR,4 × Day pass,50\.00,0\.00,50\.00,.*"Acme No2500, ""Ltd"""$/,
    );
    expect(statements.map((parts) => parts.reduce((sum, part) => sum + part, 0))).toEqual([1000, 1000, 500]);
    expect(Math.max(...statements.flat())).toBe(100);
  });
});
