import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeTicket, type Owner } from '../../test/builders';

let t: TestApp;
let owner: Owner;
let eventId: number;
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  eventId = (await makeEvent(t.app, owner, { title: 'Asking', start_date: '2031-07-01T20:00:00Z' })).id;
  ticketId = (await makeTicket(t.app, owner, { eventId, title: 'T' })).id;
});
afterAll(async () => {
  await t?.close();
});

const as = (
  token: string,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

const url = (suffix = '') => `/api/events/${eventId}/questions${suffix}`;
const create = (payload: object) => as(owner.token, { method: 'POST', url: url(), payload });

describe('questions', () => {
  it('are asked per order or per attendee, in order, with options for choices', async () => {
    const diet = await create({
      title: 'Dietary needs',
      type: 'DROPDOWN',
      options: ['None', 'Vegetarian', 'Vegan'],
      required: true,
      ticket_ids: [ticketId],
    });
    expect(diet.statusCode, diet.body).toBe(201);
    expect(diet.json()).toMatchObject({
      type: 'DROPDOWN',
      options: ['None', 'Vegetarian', 'Vegan'],
      scope: 'PER_ATTENDEE',
      ticket_ids: [ticketId],
      sort_order: 0,
      is_default: false,
      default_key: null,
    });
    const company = await create({
      title: 'Company',
      type: 'SINGLE_LINE',
      scope: 'PER_ORDER',
      options: ['ignored'],
      ticket_ids: [ticketId],
    });
    expect(company.json()).toMatchObject({ options: [], ticket_ids: [], sort_order: 1 });

    const sorted = await as(owner.token, {
      method: 'POST',
      url: url('/sort'),
      payload: { question_ids: [company.json().id, diet.json().id] },
    });
    // The default questions stay first, whatever the order of the event's own.
    expect(sorted.json().data.map((q: { title: string }) => q.title)).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Company',
      'Dietary needs',
    ]);
  });

  it('always include the default ones, which cannot be edited, deleted or sorted', async () => {
    const list = (await as(owner.token, { method: 'GET', url: url() })).json().data;
    const defaults = list.filter((q: { is_default: boolean }) => q.is_default);
    expect(defaults).toMatchObject([
      { default_key: 'FIRST_NAME', type: 'SINGLE_LINE', required: true, scope: 'PER_ORDER' },
      { default_key: 'LAST_NAME' },
      { default_key: 'EMAIL' },
    ]);
    const firstName = defaults[0].id;
    const edit = await as(owner.token, {
      method: 'PUT',
      url: url(`/${firstName}`),
      payload: { title: 'Given name', type: 'SINGLE_LINE' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({
      code: 'DEFAULT_QUESTION_LOCKED',
      message: 'Default questions (first name, last name and e-mail) cannot be edited or deleted.',
    });
    expect((await as(owner.token, { method: 'DELETE', url: url(`/${firstName}`) })).statusCode).toBe(409);
    const own = list.filter((q: { is_default: boolean }) => !q.is_default).map((q: { id: number }) => q.id);
    const withDefault = await as(owner.token, {
      method: 'POST',
      url: url('/sort'),
      payload: { question_ids: [firstName, ...own] },
    });
    expect(withDefault.statusCode).toBe(422);
  });

  it('switch the event’s "show hidden questions" on when one is hidden, and keep it on', async () => {
    const event = await makeEvent(t.app, owner, { title: 'Hidden', start_date: '2031-07-02T20:00:00Z' });
    const settingOf = async () =>
      (await as(owner.token, { method: 'GET', url: `/api/events/${event.id}` })).json().settings
        .show_hidden_questions;
    expect(await settingOf()).toBe(false);
    const hidden = await as(owner.token, {
      method: 'POST',
      url: `/api/events/${event.id}/questions`,
      payload: { title: 'Internal note', type: 'MULTI_LINE', is_hidden: true },
    });
    expect(hidden.statusCode).toBe(201);
    expect(await settingOf()).toBe(true);
    const current = (await as(owner.token, { method: 'GET', url: `/api/events/${event.id}` })).json();
    const off = await as(owner.token, {
      method: 'PUT',
      url: `/api/events/${event.id}`,
      payload: {
        title: current.title,
        organizer_id: current.organizer_id,
        start_date: current.start_date,
        settings: { show_hidden_questions: false },
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().settings.show_hidden_questions).toBe(true);
  });

  it('refuse choices without options, repeated options and other events’ tickets', async () => {
    const noOptions = await create({ title: 'Pick', type: 'RADIO' });
    expect(noOptions.json().errors).toEqual({ options: ['Add at least one option.'] });
    const repeated = await create({ title: 'Pick', type: 'CHECKBOX', options: ['A', 'A'] });
    expect(repeated.json().errors).toEqual({ options: ['Each option must be different.'] });
    const foreign = await create({ title: 'Q', type: 'DATE', ticket_ids: [999_999] });
    expect(foreign.json().errors).toEqual({ ticket_ids: ['Choose tickets of this event.'] });
    const badType = await create({ title: 'Q', type: 'COLOUR' });
    expect(Object.keys(badType.json().errors)).toEqual(['type']);
  });

  it('are changed, deleted, and kept inside their account', async () => {
    const q = (await create({ title: 'Address', type: 'ADDRESS' })).json();
    const changed = await as(owner.token, {
      method: 'PUT',
      url: url(`/${q.id}`),
      payload: { title: 'Postal address', type: 'ADDRESS', required: true, is_hidden: true },
    });
    expect(changed.json()).toMatchObject({ title: 'Postal address', required: true, is_hidden: true });
    const other = await makeAccount(t.app);
    expect((await as(other.token, { method: 'GET', url: url(`/${q.id}`) })).statusCode).toBe(404);
    expect((await as(owner.token, { method: 'DELETE', url: url(`/${q.id}`) })).statusCode).toBe(204);
    expect((await as(owner.token, { method: 'GET', url: url(`/${q.id}`) })).statusCode).toBe(404);
  });
});
