import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTIAL_WRITE } from '../../../common/partial-writes';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, type Owner } from '../../test/builders';

// Every settings endpoint writes the same way (decision 013): PUT takes any subset of the
// fields, a field left out keeps its value, null clears a field that may be empty, and an
// unknown field is refused with 422.

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app, { first_name: 'Rosa', last_name: 'Lima' });
});
afterAll(async () => {
  await t?.close();
});

const as = (
  token: string,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

const put = (url: string, payload: object) => as(owner.token, { method: 'PUT', url, payload });

describe('account settings (PUT /api/accounts/current)', () => {
  it('change only what is sent, clear with null, refuse unknown fields', async () => {
    const url = '/api/accounts/current';
    const support = await put(url, { support_email: 'help@rosa.example' });
    expect(support.statusCode, support.body).toBe(200);
    expect(support.json()).toMatchObject({
      name: 'Rosa Lima',
      support_email: 'help@rosa.example',
      currency: 'EUR',
      timezone: 'Europe/Lisbon',
    });
    expect((await put(url, { timezone: 'Europe/Madrid' })).json()).toMatchObject({
      name: 'Rosa Lima',
      support_email: 'help@rosa.example',
      timezone: 'Europe/Madrid',
    });
    expect((await put(url, { support_email: null })).json()).toMatchObject({
      name: 'Rosa Lima',
      support_email: null,
    });
    expect((await put(url, {})).json()).toMatchObject({ name: 'Rosa Lima', timezone: 'Europe/Madrid' });
    const refused = await put(url, { name: null, colour: 'red' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['colour', 'name']);
  });
});

describe('event defaults (PUT /api/accounts/current/event-defaults)', () => {
  it('merge what is sent into the current defaults, which new events then start from', async () => {
    const url = '/api/accounts/current/event-defaults';
    const timeout = await put(url, { order_timeout_minutes: 30 });
    expect(timeout.statusCode, timeout.body).toBe(200);
    expect(timeout.json()).toMatchObject({ order_timeout_minutes: 30, pre_checkout_message: null });
    const message = await put(url, { pre_checkout_message: 'Doors at 19:00.' });
    expect(message.json()).toMatchObject({
      order_timeout_minutes: 30,
      pre_checkout_message: 'Doors at 19:00.',
    });
    const cleared = await put(url, { pre_checkout_message: null, price_display_mode: 'EXCLUSIVE' });
    expect(cleared.json()).toMatchObject({
      order_timeout_minutes: 30,
      pre_checkout_message: null,
      price_display_mode: 'EXCLUSIVE',
    });
    const refused = await put(url, { order_timeout_minutes: null, seo_title: 'Not a default' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['order_timeout_minutes', 'seo_title']);

    const event = await makeEvent(t.app, owner);
    expect(event.settings).toMatchObject({ order_timeout_minutes: 30, price_display_mode: 'EXCLUSIVE' });
  });
});

describe('organizer settings (PUT /api/organizers/{id})', () => {
  it('change only what is sent, clear with null, refuse unknown fields', async () => {
    const created = await as(owner.token, {
      method: 'POST',
      url: '/api/organizers',
      payload: { name: 'Harbour Hall', email: 'hall@rosa.example', currency: 'GBP' },
    });
    const url = `/api/organizers/${created.json().id}`;
    const website = await put(url, { website: 'https://hall.example' });
    expect(website.statusCode, website.body).toBe(200);
    expect(website.json()).toMatchObject({
      name: 'Harbour Hall',
      email: 'hall@rosa.example',
      website: 'https://hall.example',
      currency: 'GBP',
    });
    expect((await put(url, { email: null })).json()).toMatchObject({
      name: 'Harbour Hall',
      email: null,
      website: 'https://hall.example',
    });
    const refused = await put(url, { currency: null, handle: 'hall' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['currency', 'handle']);
  });
});

describe('profile (PUT /api/users/me)', () => {
  it('changes only what is sent, clears the time zone with null, refuses unknown fields', async () => {
    const url = '/api/users/me';
    expect((await put(url, { timezone: 'America/Sao_Paulo' })).json()).toMatchObject({
      first_name: 'Rosa',
      last_name: 'Lima',
      timezone: 'America/Sao_Paulo',
    });
    expect((await put(url, { last_name: 'Lima Costa' })).json()).toMatchObject({
      first_name: 'Rosa',
      last_name: 'Lima Costa',
      timezone: 'America/Sao_Paulo',
    });
    expect((await put(url, { timezone: null })).json()).toMatchObject({
      last_name: 'Lima Costa',
      timezone: null,
    });
    const refused = await put(url, { first_name: null, nickname: 'Ro' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['first_name', 'nickname']);
  });
});

describe('event and its settings (PUT /api/events/{id})', () => {
  it('change only what is sent, settings and location field by field; null clears; unknown fields refused', async () => {
    const event = await makeEvent(t.app, owner, {
      title: 'Fado Night',
      description: '<p>Songs by the river.</p>',
      end_date: '2031-01-01T23:00:00Z',
      location: { venue_name: 'Harbour Hall', city: 'Lisboa' },
      settings: { seo_title: 'Fado', contact_email: 'fado@rosa.example' },
    });
    const url = `/api/events/${event.id}`;

    const seo = await put(url, { settings: { seo_description: 'An evening of fado.' } });
    expect(seo.statusCode, seo.body).toBe(200);
    expect(seo.json()).toMatchObject({
      title: 'Fado Night',
      description: '<p>Songs by the river.</p>',
      start_date: '2031-01-01T20:00:00.000Z',
      end_date: '2031-01-01T23:00:00.000Z',
      location: { venue_name: 'Harbour Hall', city: 'Lisboa' },
      settings: {
        seo_title: 'Fado',
        seo_description: 'An evening of fado.',
        contact_email: 'fado@rosa.example',
      },
    });

    const moved = await put(url, { location: { city: 'Porto' }, settings: { seo_title: null } });
    expect(moved.json()).toMatchObject({
      location: { venue_name: 'Harbour Hall', city: 'Porto' },
      settings: { seo_title: null, seo_description: 'An evening of fado.' },
    });

    const renamed = await put(url, { title: 'Fado Nights', description: null });
    expect(renamed.json()).toMatchObject({ title: 'Fado Nights', slug: 'fado-nights', description: null });
    expect((await put(url, { location: null })).json().location).toBeNull();

    // The end is checked against the start as stored when only one of them is sent.
    const early = await put(url, { end_date: '2031-01-01T19:00:00Z' });
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.json().errors)).toEqual(['end_date']);
    const later = await put(url, { start_date: '2031-01-02T20:00:00Z' });
    expect(later.statusCode).toBe(422);
    expect(Object.keys(later.json().errors)).toEqual(['end_date']);

    const refused = await put(url, { title: null, settings: { colour: 'red' }, organiser_id: 1 });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['organiser_id', 'settings.colour', 'title']);
  });
});

describe('the OpenAPI document', () => {
  it('says the rule on every settings endpoint, whose request bodies require no field', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const schemaOf = (schema: { $ref?: string }) =>
      schema.$ref ? document.components.schemas[schema.$ref.split('/').at(-1) ?? ''] : schema;
    const settingsWrites = [
      '/api/accounts/current',
      '/api/accounts/current/event-defaults',
      '/api/organizers/{id}',
      '/api/users/me',
      '/api/events/{id}',
    ];
    for (const path of settingsWrites) {
      const operation = document.paths[path].put;
      expect(operation.description, path).toBe(PARTIAL_WRITE);
      const body = schemaOf(operation.requestBody.content['application/json'].schema);
      expect(body.description, path).toBe(PARTIAL_WRITE);
      expect(body.required ?? [], path).toEqual([]);
      expect(body.additionalProperties, path).toBe(false);
    }
  });
});
