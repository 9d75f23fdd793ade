import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_SERVICE_DEFAULTS, type SelfServiceSettings } from '../../../common/self-service';
import { orderActivities, orders, webhookDeliveries } from '../../db/schema';
import {
  makeAccount,
  makeCheckInList,
  makeLiveEvent,
  makeOrder,
  makeQuestion,
  type Owner,
} from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';

// A buyer's own edits (decision 057): the event's rules enforced by the server, the history,
// the webhook and the ticket mailed to a new address, through a real SMTP server.

let k: IdentityKit;
let owner: Owner;
const HOUR = 3_600_000;
const soon = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

beforeAll(async () => {
  k = await createIdentityKit({ ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await makeAccount(k.app);
});
afterAll(async () => {
  await k?.close();
});

const rules = (r: Partial<SelfServiceSettings>): SelfServiceSettings => ({
  ...SELF_SERVICE_DEFAULTS,
  edit_enabled: true,
  ...r,
});

/** A live event with a free ticket and a per-attendee question, starting in `hours`. */
async function show(selfService: SelfServiceSettings, hours = 24 * 30) {
  const { event, tickets } = await makeLiveEvent(k.app, owner, {
    title: 'Garden Party',
    start_date: soon(hours),
    settings: { self_service: selfService },
    tickets: [{ title: 'Entry', type: 'FREE', quantity_available: 50 }],
  });
  const question = await makeQuestion(k.app, owner, {
    eventId: event.id,
    title: 'Diet',
    type: 'SINGLE_LINE',
    required: true,
  });
  return { eventId: event.id, ticketId: tickets[0]?.id ?? 0, questionId: question.id };
}

const put = (url: string, payload: object) => k.app.inject({ method: 'PUT', url, payload });
const orderUrl = (eventId: number, shortId: string) => `/api/public/events/${eventId}/orders/${shortId}`;

async function historyOf(shortId: string) {
  const [row] = await k.app.db.select().from(orders).where(eq(orders.shortId, shortId));
  return k.app.db
    .select()
    .from(orderActivities)
    .where(and(eq(orderActivities.orderId, row?.id ?? 0)))
    .orderBy(asc(orderActivities.id));
}

describe('a buyer edits their order', () => {
  it('renames a holder and moves them to a new address: logged old → new, webhook, ticket mailed there', async () => {
    const hook = await k.as(owner.token, {
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://hooks.example.com/t', event_types: ['attendee.updated'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const s = await show(rules({}));
    const placed = await buyWithAnswers(s);
    const joao = placed.attendees[1];
    if (!joao) throw new Error('no second attendee');
    const state = await k.app.inject({
      method: 'GET',
      url: `${orderUrl(s.eventId, placed.short_id)}/self-service`,
    });
    expect(state.json().edit).toMatchObject({ allowed: true, reason: null });

    const res = await put(`${orderUrl(s.eventId, placed.short_id)}/attendees/${joao.short_id}`, {
      first_name: 'John',
      email: 'john.new@example.com',
      answers: [{ question_id: s.questionId, answer: 'Vegan' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attendees[1]).toMatchObject({ first_name: 'John', email: 'john.new@example.com' });

    const history = await historyOf(placed.short_id);
    const edited = history.find((a) => a.kind === 'BUYER_EDITED');
    expect(edited?.userId).toBeNull();
    expect(edited?.data).toMatchObject({
      by: 'BUYER',
      attendee: { name: 'Joao Silva' },
      changes: [
        { field: 'first_name', from: 'Joao', to: 'John' },
        { field: 'email', from: 'joao@example.com', to: 'john.new@example.com' },
        { field: 'answer', question: 'Diet', from: 'None', to: 'Vegan' },
      ],
    });
    // The organizer's drawer shows it, as the buyer's.
    const [row] = await k.app.db.select().from(orders).where(eq(orders.shortId, placed.short_id));
    const drawer = await k.as(owner.token, {
      method: 'GET',
      url: `/api/events/${s.eventId}/orders/${row?.id}`,
    });
    expect(drawer.json().activity.map((a: { kind: string }) => a.kind)).toContain('BUYER_EDITED');

    const deliveries = await k.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.json().id));
    expect(deliveries.map((d) => d.type)).toEqual(['attendee.updated']);
    expect(deliveries[0]?.body.data).toMatchObject({ first_name: 'John', email: 'john.new@example.com' });

    await k.deliverMail();
    const mails = k.smtp.to('john.new@example.com');
    expect(mails.length).toBe(1);
    expect(mails[0]?.subject).toContain('Garden Party');
    expect(mails[0]?.text).toContain('John');
  });

  it('refuses edits the event does not allow: off, a field left out, past the deadline of the order’s date', async () => {
    const off = await show({ ...SELF_SERVICE_DEFAULTS });
    const offOrder = await buyWithAnswers(off);
    const refused = await put(`${orderUrl(off.eventId, offOrder.short_id)}/buyer`, { first_name: 'X' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SELF_EDIT_DISABLED');

    const namesOnly = await show(rules({ edit_fields: ['ATTENDEE_NAME'] }));
    const o = await buyWithAnswers(namesOnly);
    const holder = o.attendees[0]?.short_id ?? '';
    const email = await put(`${orderUrl(namesOnly.eventId, o.short_id)}/attendees/${holder}`, {
      email: 'other@example.com',
    });
    expect(email.statusCode).toBe(403);
    expect(email.json().code).toBe('SELF_EDIT_FIELD_NOT_ALLOWED');
    const buyer = await put(`${orderUrl(namesOnly.eventId, o.short_id)}/buyer`, { last_name: 'Costa' });
    expect(buyer.json().code).toBe('SELF_EDIT_FIELD_NOT_ALLOWED');
    const nameOnly = await put(`${orderUrl(namesOnly.eventId, o.short_id)}/attendees/${holder}`, {
      first_name: 'Ok',
    });
    expect(nameOnly.statusCode).toBe(200);

    // The event starts in 10 hours; its second date in a month. Edits close 24 hours before.
    const near = await show(rules({ edit_until_hours: 24 }), 10);
    const dated = await k.as(owner.token, {
      method: 'POST',
      url: `/api/events/${near.eventId}/dates`,
      payload: { starts_at: soon(24 * 30) },
    });
    expect(dated.statusCode, dated.body).toBe(201);
    const dates = await k.as(owner.token, { method: 'GET', url: `/api/events/${near.eventId}/dates` });
    const late = await buyWithAnswers(near, dates.json().data[0].id);
    const closed = await put(`${orderUrl(near.eventId, late.short_id)}/buyer`, { first_name: 'Late' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('SELF_EDIT_CLOSED');
    const state = await k.app.inject({
      method: 'GET',
      url: `${orderUrl(near.eventId, late.short_id)}/self-service`,
    });
    expect(state.json().edit).toMatchObject({ allowed: false, reason: 'DEADLINE_PASSED' });
    const early = await buyWithAnswers(near, dated.json().id);
    const open = await put(`${orderUrl(near.eventId, early.short_id)}/buyer`, { first_name: 'Early' });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().first_name).toBe('Early');
    expect((await historyOf(early.short_id)).at(-1)?.data).toMatchObject({
      changes: [{ field: 'first_name', from: 'Maria', to: 'Early' }],
    });
  });

  it('refuses a checked-in holder, answers that fail checkout’s rules, and another event’s order', async () => {
    const s = await show(rules({}));
    const o = await buyWithAnswers(s);
    const [first, second] = o.attendees;
    const list = await makeCheckInList(k.app, owner, {
      eventId: s.eventId,
      name: 'Gate',
      ticket_ids: [s.ticketId],
    });
    const scan = await k.app.inject({
      method: 'POST',
      url: `/api/public/check-in-lists/${list.short_id}/check-ins`,
      payload: { ticket_code: first?.ticket_code },
    });
    expect(scan.statusCode, scan.body).toBe(201);
    const checkedIn = await put(`${orderUrl(s.eventId, o.short_id)}/attendees/${first?.short_id}`, {
      first_name: 'Late',
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(409);
    expect(checkedIn.json().code).toBe('ATTENDEE_CHECKED_IN');
    const state = await k.app.inject({
      method: 'GET',
      url: `${orderUrl(s.eventId, o.short_id)}/self-service`,
    });
    expect(state.json().edit.attendees).toEqual([
      { short_id: first?.short_id, reason: 'CHECKED_IN' },
      { short_id: second?.short_id, reason: null },
    ]);

    const empty = await put(`${orderUrl(s.eventId, o.short_id)}/attendees/${second?.short_id}`, {
      answers: [],
    });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual([`answers.${s.questionId}`]);

    const other = await show(rules({}));
    const elsewhere = await put(`${orderUrl(other.eventId, o.short_id)}/buyer`, { first_name: 'X' });
    expect(elsewhere.statusCode).toBe(404);
    const unknownHolder = await put(`${orderUrl(s.eventId, o.short_id)}/attendees/${'A'.repeat(22)}`, {
      first_name: 'X',
    });
    expect(unknownHolder.statusCode).toBe(404);
    expect((await historyOf(o.short_id)).filter((a) => a.kind === 'BUYER_EDITED')).toEqual([]);
  });
});

/** Two holders, Maria and Joao, each answering the required question "None". */
async function buyWithAnswers(s: { eventId: number; ticketId: number; questionId: number }, dateId?: number) {
  const reserved = await makeOrder(k.app, {
    eventId: s.eventId,
    date_id: dateId,
    lines: [{ ticket_id: s.ticketId, quantity: 2 }],
    until: 'reserved',
  });
  const url = orderUrl(s.eventId, reserved.short_id);
  const holder = (name: string) => ({
    ticket_id: s.ticketId,
    first_name: name,
    last_name: 'Silva',
    email: `${name.toLowerCase()}@example.com`,
    answers: [{ question_id: s.questionId, answer: 'None' }],
  });
  const details = await put(url, {
    first_name: 'Maria',
    last_name: 'Silva',
    email: 'maria@example.com',
    attendees: [holder('Maria'), holder('Joao')],
  });
  expect(details.statusCode, details.body).toBe(200);
  const done = await k.app.inject({ method: 'POST', url: `${url}/complete`, payload: {} });
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as { short_id: string; attendees: { short_id: string; ticket_code: string }[] };
}
