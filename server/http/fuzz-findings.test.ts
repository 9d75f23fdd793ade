import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { sendExport } from '../exports/send';
import { createTestApp, type TestApp } from '../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../test/builders';
import { AppError } from './app-error';

/** What the schema fuzzer (fuzz.test.ts) found answering 5xx, each pinned by a plain request. */
let t: TestApp;
let owner: Owner;
let eventId: number;

/** An export whose first read fails, as a bad filter used to make it fail. */
async function failingExport(app: App): Promise<void> {
  app.get('/api/test/failing-export', async (_request, reply) => {
    async function* batches(): AsyncGenerator<(string | number | null)[][]> {
      yield* [];
      throw new AppError('NOT_FOUND');
    }
    return sendExport(reply, {
      format: 'csv',
      name: 'broken',
      table: { columns: ['a'], batches: batches() },
    });
  });
}

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: failingExport });
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner);
  eventId = event.id;
  await makeOrder(t.app, { eventId, lines: [{ ticket_id: tickets[0]?.id ?? 0, quantity: 1 }] });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });

describe('list filters on number columns', () => {
  it('refuse values that are not whole numbers in range with 422', async () => {
    for (const url of [
      `/api/events/${eventId}/attendees?filter_fields[ticket_id][eq]=abc`,
      `/api/events/${eventId}/attendees?filter_fields[ticket_id][in]=1,2031-01-01T00:00:00Z`,
      '/api/events?filter_fields[organizer_id][eq]=99999999999999999999',
      '/api/events?filter_fields[organizer_id][eq]=1.5',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors), url).toHaveLength(1);
    }
    const fine = await get(`/api/events/${eventId}/attendees?filter_fields[ticket_id][in]=1,2`);
    expect(fine.statusCode).toBe(200);
  });

  it('refuse them in exports too, before the download starts', async () => {
    const res = await get(
      `/api/events/${eventId}/attendees/export?format=csv&filter_fields[ticket_id][eq]=x`,
    );
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('exports', () => {
  it('answer an error of their first read as an error, not as a cut download', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/failing-export' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('a fixed fee of more than 999,999 minor units', () => {
  it('is priced on the public ticket list instead of failing it', async () => {
    const fee = await t.app.inject({
      method: 'POST',
      url: '/api/taxes-and-fees',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'Venue levy', type: 'FEE', calculation_type: 'FIXED', rate: 1_500_000 },
    });
    expect(fee.statusCode).toBe(201);
    const { event } = await makeLiveEvent(t.app, owner, {
      currency: 'JPY',
      settings: { offline_payments_enabled: true },
      tickets: [{ title: 'Seat', type: 'PAID', price: 8000, tax_and_fee_ids: [fee.json().id] }],
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}/tickets` });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('1508000');
  });
});

describe('fields named like properties of every object', () => {
  it('are reported as unknown fields with 422', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/organizers',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        payload: `{"name": "Org", "${key}": 1}`,
      });
      expect(res.statusCode, key).toBe(422);
      expect(res.json().errors, key).toEqual({ [key]: ['This field is not accepted here.'] });
    }
    const query = await get('/api/events?constructor=1');
    expect(query.statusCode).toBe(422);
    expect(Object.keys(query.json().errors)).toEqual(['constructor']);
  });
});
