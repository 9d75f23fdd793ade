import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeatingPlan } from '../../../common/seating-plan';
import { gridPlan } from '../../../common/seating-plan-edit';
import { eventSeating, seatingPlans } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeMember, type Owner } from '../../test/builders';

let t: TestApp;
let admin: Owner;
let other: Owner;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAccount(t.app);
  other = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string, options: { method: Method; url: string; payload?: object; language?: string }) =>
  t.app.inject({
    method: options.method,
    url: options.url,
    payload: options.payload,
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
  });

const small = (name = 'Small hall') => gridPlan({ name, sections: 2, rows: 3, seats: 8 });
const create = (token: string, plan: unknown) =>
  as(token, { method: 'POST', url: '/api/seating-plans', payload: { plan } });
const planCount = async (owner: Owner) =>
  (await t.app.db.select().from(seatingPlans).where(eq(seatingPlans.accountId, owner.accountId))).length;

describe('seating plans', () => {
  it('are created, listed newest first, read, replaced and deleted', async () => {
    const first = await create(admin.token, small('Main hall'));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Main hall', seat_count: 48, event_count: 0 });
    const second = await create(admin.token, small('Studio'));
    expect(second.statusCode).toBe(201);

    const list = await as(admin.token, { method: 'GET', url: '/api/seating-plans' });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.map((p: { name: string }) => p.name)
        .slice(0, 2),
    ).toEqual(['Studio', 'Main hall']);

    const id = first.json().id as number;
    const read = await as(admin.token, { method: 'GET', url: `/api/seating-plans/${id}` });
    expect(read.json().plan).toEqual(small('Main hall'));

    const bigger = gridPlan({ name: 'Main hall, bigger', sections: 1, rows: 2, seats: 5 });
    const replaced = await as(admin.token, {
      method: 'PUT',
      url: `/api/seating-plans/${id}`,
      payload: { plan: bigger },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id, name: 'Main hall, bigger', seat_count: 10 });
    const again = await as(admin.token, { method: 'GET', url: '/api/seating-plans' });
    expect(again.json().data[0]).toMatchObject({ id, name: 'Main hall, bigger' });

    const deleted = await as(admin.token, { method: 'DELETE', url: `/api/seating-plans/${id}` });
    expect(deleted.statusCode).toBe(204);
    const gone = await as(admin.token, { method: 'GET', url: `/api/seating-plans/${id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('SEATING_PLAN_NOT_FOUND');
  });

  it('count the events using a copy, which keep it when the plan is replaced or deleted', async () => {
    const plan = (await create(admin.token, small('Copied'))).json();
    const event = await makeEvent(t.app, admin);
    const copy = SeatingPlan.parse(small('Copied'));
    await t.app.db
      .insert(eventSeating)
      .values({ eventId: event.id, planId: plan.id, plan: copy, seatCount: 48 });
    const read = await as(admin.token, { method: 'GET', url: `/api/seating-plans/${plan.id}` });
    expect(read.json().event_count).toBe(1);

    const changed = gridPlan({ name: 'Changed', sections: 1, rows: 1, seats: 3 });
    await as(admin.token, {
      method: 'PUT',
      url: `/api/seating-plans/${plan.id}`,
      payload: { plan: changed },
    });
    await as(admin.token, { method: 'DELETE', url: `/api/seating-plans/${plan.id}` });
    const [kept] = await t.app.db.select().from(eventSeating).where(eq(eventSeating.eventId, event.id));
    expect(kept?.planId).toBeNull();
    expect(kept?.plan).toEqual(copy);
  });

  it('refuse a plan with overlapping seats, a number twice in a row or an unknown category, translated, writing nothing', async () => {
    const plan = small('Broken');
    const [section] = plan.sections;
    const [row] = section?.rows ?? [];
    if (!row) throw new Error('no row');
    const [a, b, c, d] = row.seats;
    if (!a || !b || !c || !d) throw new Error('no seats');
    row.seats[1] = { ...b, x: a.x + 3, y: a.y };
    row.seats[2] = { ...c, label: a.label };
    row.seats[3] = { ...d, category: 'balcony' };
    const before = await planCount(admin);

    const refused = await create(admin.token, plan);
    expect(refused.statusCode).toBe(422);
    const errors = refused.json().errors as Record<string, string[]>;
    expect(errors['plan.sections.0.rows.0.seats.1']).toEqual([
      'This seat overlaps another one. Move one of them.',
    ]);
    expect(errors['plan.sections.0.rows.0.seats.2.label']).toEqual([
      'Two seats of this row have the same number. Number each seat once.',
    ]);
    expect(errors['plan.sections.0.rows.0.seats.3.category']).toEqual([
      'This seat names a price category the plan does not have.',
    ]);

    const german = await as(admin.token, {
      method: 'POST',
      url: '/api/seating-plans',
      payload: { plan },
      language: 'de',
    });
    expect(german.statusCode).toBe(422);
    expect(german.json().errors['plan.sections.0.rows.0.seats.1']).toEqual([
      'Dieser Platz überlappt einen anderen. Verschieben Sie einen von beiden.',
    ]);
    expect(await planCount(admin)).toBe(before);

    const existing = (await create(admin.token, small('Kept'))).json();
    const put = await as(admin.token, {
      method: 'PUT',
      url: `/api/seating-plans/${existing.id}`,
      payload: { plan },
    });
    expect(put.statusCode).toBe(422);
    const read = await as(admin.token, { method: 'GET', url: `/api/seating-plans/${existing.id}` });
    expect(read.json().plan).toEqual(small('Kept'));
  });

  it('are not found from another account, and are not changed by it', async () => {
    const mine = (await create(admin.token, small('Private'))).json();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const answer = await as(other.token, {
        method,
        url: `/api/seating-plans/${mine.id}`,
        ...(method === 'PUT' ? { payload: { plan: small('Stolen') } } : {}),
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('SEATING_PLAN_NOT_FOUND');
    }
    const exported = await as(other.token, { method: 'GET', url: `/api/seating-plans/${mine.id}/export` });
    expect(exported.statusCode).toBe(404);
    const list = await as(other.token, { method: 'GET', url: '/api/seating-plans' });
    expect(list.json().data.map((p: { id: number }) => p.id)).not.toContain(mine.id);
    const read = await as(admin.token, { method: 'GET', url: `/api/seating-plans/${mine.id}` });
    expect(read.json().name).toBe('Private');
  });

  it('export as a JSON file that imports back as the same plan', async () => {
    const original = gridPlan({ name: 'Théâtre Municipal (2026)', sections: 2, rows: 2, seats: 4 });
    const saved = (await create(admin.token, original)).json();
    const file = await as(admin.token, { method: 'GET', url: `/api/seating-plans/${saved.id}/export` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="theatre-municipal-2026.json"');
    const parsed = JSON.parse(file.body);
    expect(Object.keys(parsed).slice(0, 3)).toEqual(['format', 'version', 'name']);
    expect(SeatingPlan.parse(parsed)).toEqual(original);

    const imported = await create(admin.token, parsed);
    expect(imported.statusCode).toBe(201);
    expect(imported.json().id).not.toBe(saved.id);
    const read = await as(admin.token, { method: 'GET', url: `/api/seating-plans/${imported.json().id}` });
    expect(read.json().plan).toEqual(parsed);
  });

  it('save a plan of 5,000 seats, more than the API’s usual 1 MB when indented', async () => {
    const plan = gridPlan({ name: 'Arena', sections: 4, rows: 25, seats: 50 });
    expect(JSON.stringify({ plan }, null, 2).length).toBeGreaterThan(1024 * 1024);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/seating-plans',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ plan }, null, 2),
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ seat_count: 5000, name: 'Arena' });
  });

  it('may be read and managed by an ORGANIZER of the account', async () => {
    const organizer = await makeMember(t.app, admin, { role: 'ORGANIZER' });
    const made = await create(organizer.token, small('By the organizer'));
    expect(made.statusCode).toBe(201);
    const removed = await as(organizer.token, {
      method: 'DELETE',
      url: `/api/seating-plans/${made.json().id}`,
    });
    expect(removed.statusCode).toBe(204);
  });
});
