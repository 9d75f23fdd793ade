import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderResponse } from '../../../common/admin-orders';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeAffiliate, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';

// The organizer's order list filtered by the affiliate credited with each order (decision 021):
// `filter_fields[affiliate_id][eq|in]`, like the list's other filters.

let t: TestApp;
let owner: Owner;
let eventId: number;
let radio: number;
let blog: number;
let otherAffiliate: number;
const buyers: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const live = await makeLiveEvent(t.app, owner, { title: 'Harbour Jazz' });
  eventId = live.event.id;
  const ticket = live.tickets[0]?.id ?? 0;
  radio = (await makeAffiliate(t.app, owner, { eventId, code: 'RADIO' })).id;
  blog = (await makeAffiliate(t.app, owner, { eventId, code: 'BLOG' })).id;
  const other = await makeLiveEvent(t.app, owner, { title: 'Harbour Folk' });
  otherAffiliate = (await makeAffiliate(t.app, owner, { eventId: other.event.id, code: 'RADIO' })).id;
  const sale = async (buyer: string, affiliate_code?: string, until?: 'reserved') => {
    const order = await makeOrder(t.app, {
      eventId,
      lines: [{ ticket_id: ticket, quantity: 1 }],
      buyer,
      affiliate_code,
      until,
    });
    buyers[buyer] = order.reference;
  };
  await sale('Ana', 'radio');
  await sale('Bruno', 'RADIO', 'reserved');
  await sale('Carla', 'blog');
  await sale('Duarte');
  // The other event's order through its own RADIO affiliate is never in this event's list.
  await makeOrder(t.app, {
    eventId: other.event.id,
    lines: [{ ticket_id: other.tickets[0]?.id ?? 0, quantity: 1 }],
    buyer: 'Elsa',
    affiliate_code: 'RADIO',
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });
const names = async (query: string) => {
  const res = await get(`/api/events/${eventId}/orders?sort_by=reference&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  // By reference: a checkout in progress has no buyer name yet.
  const byReference = Object.fromEntries(Object.entries(buyers).map(([name, ref]) => [ref, name]));
  return (res.json().data as AdminOrderResponse[]).map((o) => byReference[o.reference] ?? o.reference).sort();
};

describe('orders filtered by affiliate', () => {
  it("lists only the orders credited to the event's affiliate, with the other filters", async () => {
    expect(await names('')).toEqual(['Ana', 'Bruno', 'Carla', 'Duarte']);
    // A checkout in progress through the link is listed too, as in the unfiltered list.
    expect(await names(`filter_fields[affiliate_id][eq]=${radio}`)).toEqual(['Ana', 'Bruno']);
    expect(await names(`filter_fields[affiliate_id][eq]=${blog}`)).toEqual(['Carla']);
    expect(await names(`filter_fields[affiliate_id][in]=${radio},${blog}`)).toEqual([
      'Ana',
      'Bruno',
      'Carla',
    ]);
    expect(
      await names(`filter_fields[affiliate_id][eq]=${radio}&filter_fields[status][eq]=COMPLETED`),
    ).toEqual(['Ana']);
    expect(await names(`filter_fields[affiliate_id][eq]=${radio}&query=ana`)).toEqual(['Ana']);
    const paged = await get(
      `/api/events/${eventId}/orders?filter_fields[affiliate_id][eq]=${radio}&per_page=1`,
    );
    expect(paged.json().meta).toMatchObject({ total: 2, last_page: 2 });
  });

  it("matches nothing for another event's affiliate or one that does not exist", async () => {
    expect(await names(`filter_fields[affiliate_id][eq]=${otherAffiliate}`)).toEqual([]);
    expect(await names('filter_fields[affiliate_id][eq]=999999999')).toEqual([]);
  });

  it('refuses a value that cannot be an id, or an operator the filter does not take, with a 422', async () => {
    const base = `/api/events/${eventId}/orders`;
    const bad = await get(`${base}?filter_fields[affiliate_id][eq]=radio`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['filter_fields[affiliate_id][eq]']);
    const op = await get(`${base}?filter_fields[affiliate_id][like]=1`);
    expect(op.statusCode).toBe(422);
    expect(Object.keys(op.json().errors)).toEqual(['filter_fields[affiliate_id][like]']);
    expect((await get(`${base}?affiliate_id=${radio}`)).statusCode).toBe(422);
  });

  it('exports only the filtered orders', async () => {
    const res = await get(
      `/api/events/${eventId}/orders/export?format=csv&filter_fields[affiliate_id][eq]=${blog}`,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(buyers.Carla);
  });
});
