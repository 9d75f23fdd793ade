import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { PublicOrderResponse } from '../../../common/orders';
import type { PublicQuestion } from '../../../common/questions';
import { initialDetails, toDetailsRequest, validateDetails } from './form';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

const question = (more: Partial<PublicQuestion>): PublicQuestion => ({
  id: 1,
  title: 'Q',
  description: null,
  type: 'SINGLE_LINE',
  options: [],
  required: false,
  scope: 'PER_ATTENDEE',
  ticket_ids: [],
  ...more,
});

const order = {
  items: [
    { ticket_id: 5, price_id: null, title: 'General', price_label: null, quantity: 2, kind: 'TICKET' },
    { ticket_id: 6, price_id: 9, title: 'VIP', price_label: 'Early', quantity: 1, kind: 'TICKET' },
  ],
  attendees: [],
  answers: [],
  first_name: null,
  last_name: null,
  email: null,
  prefill: null,
} as unknown as PublicOrderResponse;

const questions = [
  question({ id: 1, type: 'DATE', required: true, scope: 'PER_ORDER' }),
  question({ id: 2, type: 'CHECKBOX', options: ['Veg', 'Vegan'], ticket_ids: [6] }),
  question({ id: 3, type: 'ADDRESS', required: true, ticket_ids: [5] }),
];

describe('the details form', () => {
  it('asks no holder for the units of a product, and keeps saved names beside its vouchers', () => {
    const withProducts = {
      ...order,
      items: [
        ...order.items,
        { ticket_id: 7, price_id: 11, title: 'T-shirt', price_label: 'M', quantity: 1, kind: 'PRODUCT' },
        {
          ticket_id: 8,
          price_id: null,
          title: 'Drink voucher',
          price_label: null,
          quantity: 2,
          kind: 'PRODUCT',
        },
      ],
    } as unknown as PublicOrderResponse;
    expect(initialDetails(withProducts, []).attendees.map((a) => a.label)).toEqual([
      'General',
      'General',
      'VIP – Early',
    ]);
    const person = (ticket_id: number, first_name: string) => ({
      ticket_id,
      price_id: null,
      first_name,
      last_name: 'L',
      email: 'x@example.com',
      answers: [],
    });
    const saved = {
      ...withProducts,
      attendees: [
        person(5, 'Ann'),
        person(5, 'Bob'),
        person(6, 'Cy'),
        person(8, 'Buyer'),
        person(8, 'Buyer'),
      ],
    } as unknown as PublicOrderResponse;
    expect(initialDetails(saved, []).attendees.map((a) => a.first_name)).toEqual(['Ann', 'Bob', 'Cy']);
  });

  it('has one attendee per ticket, each with the questions of their ticket', () => {
    const values = initialDetails(order, questions);
    expect(values.attendees.map((a) => [a.label, Object.keys(a.answers)])).toEqual([
      ['General', ['3']],
      ['General', ['3']],
      ['VIP – Early', ['2']],
    ]);
    expect(values.answers).toEqual({ 1: '' });
  });

  it('shows again the names and answers saved before, for questions still asked', () => {
    const holder = (ticketId: number, name: string, answers: { question_id: number; answer: unknown }[]) => ({
      ticket_id: ticketId,
      first_name: name,
      last_name: 'Doe',
      email: `${name.toLowerCase()}@example.com`,
      answers,
    });
    const address = {
      address_line_1: '1 Main St',
      address_line_2: '',
      city: 'Lisbon',
      state_or_region: '',
      zip_or_postal_code: '1000',
      country: 'PT',
    };
    const saved = {
      ...order,
      first_name: 'Ann',
      answers: [
        { question_id: 1, answer: '2030-02-03' },
        { question_id: 99, answer: 'a removed question' },
      ],
      attendees: [
        holder(5, 'Ann', [{ question_id: 3, answer: address }]),
        holder(5, 'Bob', []),
        holder(6, 'Cy', [{ question_id: 2, answer: ['Vegan'] }]),
      ],
    } as unknown as PublicOrderResponse;
    const values = initialDetails(saved, questions);
    expect(values.first_name).toBe('Ann');
    expect(values.answers).toEqual({ 1: '2030-02-03' });
    expect(values.attendees.map((a) => [a.first_name, a.answers])).toEqual([
      ['Ann', { 3: address }],
      ['Bob', { 3: expect.objectContaining({ city: '' }) }],
      ['Cy', { 2: ['Vegan'] }],
    ]);
  });

  it('fills in the buyer and the first attendee with the person whose waiting-list offer it is', () => {
    const prefill = { first_name: 'Marta', last_name: 'Reis', email: 'marta@example.com' };
    const offered = { ...order, prefill } as PublicOrderResponse;
    const values = initialDetails(offered, questions);
    expect([values.first_name, values.last_name, values.email]).toEqual([
      'Marta',
      'Reis',
      'marta@example.com',
    ]);
    expect(values.attendees.map((a) => [a.first_name, a.last_name, a.email])).toEqual([
      ['Marta', 'Reis', 'marta@example.com'],
      ['', '', ''],
      ['', '', ''],
    ]);
    // What the buyer saved wins over what the list knew.
    const saved = initialDetails(
      { ...offered, first_name: 'Mia', last_name: 'Lopes', email: 'mia@x.org' },
      [],
    );
    expect(saved.first_name).toBe('Mia');
  });

  it('checks names, e-mails and answers the way the server does', () => {
    const values = initialDetails(order, questions);
    values.email = 'nope';
    const errors = validateDetails(values, questions, i18n);
    expect(errors).toMatchObject({
      first_name: expect.any(String),
      email: expect.any(String),
      'attendees.0.first_name': expect.any(String),
      'answers.1': expect.any(String),
      'attendees.0.answers.3': expect.any(String),
    });
    expect(errors['attendees.2.answers.2']).toBeUndefined();
  });

  it('requires the last name of the buyer and of every attendee, as it marks them', () => {
    const values = initialDetails(order, []);
    Object.assign(values, { first_name: 'Ana', last_name: '  ', email: 'ana@example.com' });
    values.attendees.forEach((a, i) => {
      Object.assign(a, { first_name: `P${i}`, last_name: i === 1 ? '' : 'Lima', email: `p${i}@example.com` });
    });
    expect(validateDetails(values, [], i18n)).toEqual({
      last_name: 'This field is required.',
      'attendees.1.last_name': 'This field is required.',
    });
  });

  it('sends only the answers given', () => {
    const values = initialDetails(order, questions);
    values.answers['1'] = '2030-02-03';
    const vip = values.attendees[2];
    if (vip) vip.answers['2'] = ['Vegan'];
    const request = toDetailsRequest(values);
    expect(request.answers).toEqual([{ question_id: 1, answer: '2030-02-03' }]);
    expect(request.attendees[2]).toMatchObject({
      ticket_id: 6,
      price_id: 9,
      answers: [{ question_id: 2, answer: ['Vegan'] }],
    });
    expect(request.attendees[0]?.answers).toEqual([]);
  });
});
