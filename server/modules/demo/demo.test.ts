import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { DEMO_EMAIL, seedDemo } from './seed';

let kit: IdentityKit;
beforeAll(async () => {
  kit = await createIdentityKit();
});
afterAll(async () => {
  await kit?.close();
});

describe('the demo data', () => {
  it('is a live event with one of each thing an event sells, reachable with the printed login', async () => {
    const login = await seedDemo(kit.app.db);
    expect(login?.email).toBe(DEMO_EMAIL);
    expect(await seedDemo(kit.app.db)).toBeNull();

    const session = await kit.login(DEMO_EMAIL, login?.password ?? '');
    expect(session.statusCode).toBe(200);
    const token = session.json().token as string;
    const get = async (url: string) => (await kit.as(token, { method: 'GET', url })).json();

    const [event] = (await get('/api/events')).data;
    expect(event).toMatchObject({ status: 'LIVE', title: 'Jazz by the River' });
    const tickets = (await get(`/api/events/${event.id}/tickets`)).data;
    expect(tickets.map((t: { type: string }) => t.type)).toEqual(['FREE', 'PAID', 'TIERED']);
    expect(tickets[1].tax_and_fee_ids).toHaveLength(1);
    expect(tickets[2].prices).toHaveLength(2);
    expect(tickets.every((t: { sale_state: string }) => t.sale_state === 'ON_SALE')).toBe(true);
    expect((await get(`/api/events/${event.id}/promo-codes`)).data).toMatchObject([{ code: 'RIVER10' }]);
    const questions = (await get(`/api/events/${event.id}/questions`)).data;
    expect(questions.filter((q: { scope: string; is_default: boolean }) => !q.is_default)).toMatchObject([
      { scope: 'PER_ATTENDEE', type: 'DROPDOWN' },
    ]);
    expect(questions.filter((q: { is_default: boolean }) => q.is_default)).toHaveLength(3);
    expect((await get(`/api/events/${event.id}/capacity-assignments`)).data).toMatchObject([
      { name: 'Terrace', capacity: 220, status: 'ACTIVE' },
    ]);
    const publicEvent = await kit.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    expect(publicEvent.statusCode).toBe(200);
    // Orders placed through checkout: free places sold, paid ones waiting for an offline payment.
    expect(await get(`/api/events/${event.id}/stats`)).toMatchObject({
      tickets_sold: 5,
      tickets_reserved: 4,
    });
    // A check-in list at the gate, with the first guest in.
    expect((await get(`/api/events/${event.id}/check-in-lists`)).data).toMatchObject([
      { name: 'Main entrance', state: 'ACTIVE', checked_in: 1, expected: 5 },
    ]);
    expect(tickets.map((t: { quantity_remaining: number | null }) => t.quantity_remaining)).toEqual([
      40 - 5,
      200 - 2,
      20 + 30 - 2,
    ]);
  });
});
