import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SETTING_DEFAULTS, type EventResponse, UpdateEventRequest } from '../../../common/events';
import { messages as en } from '../../../common/locales/en/messages';
import { toUpdateRequest, toValues, validateEventSettings } from './form';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

const event = {
  id: 1,
  title: 'Fado night',
  slug: 'fado-night',
  organizer_id: 7,
  description: '<p></p>',
  start_date: '2031-06-01T19:30:00.000Z',
  end_date: null,
  timezone: 'Europe/Lisbon',
  currency: 'EUR',
  status: 'DRAFT',
  lifecycle: 'UPCOMING',
  location: null,
  online_event_details: 'https://meet.example.com/fado',
  settings: { ...EVENT_SETTING_DEFAULTS },
} as unknown as EventResponse;

describe('event settings form values', () => {
  it('shows times in the event’s zone and sends them back unchanged', () => {
    const values = toValues(event);
    expect(values.start_date).toBe('2031-06-01T20:30');
    expect(values.where).toBe('online');
    const request = toUpdateRequest(values);
    expect(request.start_date).toBe('2031-06-01T19:30:00.000Z');
    expect(UpdateEventRequest.safeParse(request).success).toBe(true);
  });

  it('turns empty fields into null and an empty editor into no description', () => {
    const request = toUpdateRequest({ ...toValues(event), where: 'venue' });
    expect(request.description).toBeNull();
    expect(request.location).toBeNull();
    expect(request.online_event_details).toBeNull();
    expect(request.settings?.seo_title).toBeNull();
  });
});

describe('the event settings form', () => {
  it('still requires what an event needs, although the API takes any subset of the fields', () => {
    const values = toValues(event);
    expect(validateEventSettings(values)).toEqual({});
    expect(validateEventSettings({ ...values, title: ' ', start_date: '' })).toEqual({
      title: 'This field is required.',
      start_date: 'This field is required.',
    });
  });
});
