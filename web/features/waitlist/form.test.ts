import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SETTING_DEFAULTS, type EventResponse } from '../../../common/events';
import { messages as en } from '../../../common/locales/en/messages';
import type { TicketResponse } from '../../../common/tickets';
import { requestOf, ticketValues, toTicketRequest } from '../tickets/form';
import { toSettingsPatch, toValues, validateSettings } from './form';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

const event = { id: 1, settings: { ...EVENT_SETTING_DEFAULTS } } as unknown as EventResponse;

describe('waiting-list settings form', () => {
  it('starts from the event’s settings and sends the three of them', () => {
    const values = toValues(event);
    expect(values).toEqual({ waitlist_enabled: false, waitlist_auto_offer: true, waitlist_offer_hours: 24 });
    expect(toSettingsPatch({ ...values, waitlist_enabled: true, waitlist_offer_hours: '48' })).toEqual({
      waitlist_enabled: true,
      waitlist_auto_offer: true,
      waitlist_offer_hours: 48,
    });
  });

  it('keeps the hours between 1 and 168, and refuses an empty field', () => {
    const values = toValues(event);
    expect(validateSettings({ ...values, waitlist_offer_hours: 168 })).toEqual({});
    for (const hours of [0, 169, '', 1.5]) {
      expect(Object.keys(validateSettings({ ...values, waitlist_offer_hours: hours }))).toEqual([
        'waitlist_offer_hours',
      ]);
    }
  });
});

describe('a ticket’s own waiting list', () => {
  const ticket = {
    id: 3,
    title: 'Front row',
    description: null,
    type: 'FREE',
    price: null,
    prices: [],
    sale_start_date: null,
    sale_end_date: null,
    min_per_order: 1,
    max_per_order: 10,
    quantity_available: 1,
    show_quantity_remaining: false,
    hide_when_sold_out: false,
    hide_before_sale_start_date: false,
    hide_after_sale_end_date: false,
    is_hidden: false,
    is_hidden_without_promo_code: false,
    is_paused: false,
    tax_and_fee_ids: [],
    waitlist_enabled: null,
  } as unknown as TicketResponse;
  const context = { currency: 'EUR', timezone: 'Europe/Lisbon' };

  it('maps null / true / false to “Event default” / “On” / “Off” and back', () => {
    for (const [enabled, choice] of [
      [null, 'default'],
      [true, 'on'],
      [false, 'off'],
    ] as const) {
      const values = ticketValues({ ...ticket, waitlist_enabled: enabled }, context);
      expect(values.waitlist).toBe(choice);
      expect(toTicketRequest(values, context).waitlist_enabled).toBe(enabled);
    }
  });

  it('keeps it on the list’s quick changes, which send the whole ticket', () => {
    expect(requestOf({ ...ticket, waitlist_enabled: false }, { is_paused: true })).toMatchObject({
      is_paused: true,
      waitlist_enabled: false,
    });
  });
});
