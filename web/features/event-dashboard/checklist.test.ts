import { describe, expect, it } from 'vitest';
import { EVENT_SETTING_DEFAULTS, type EventResponse } from '../../../common/events';
import { canTakePayments, hasLocation, hasText } from './checklist-rules';

const event = (change: Partial<EventResponse>): EventResponse => ({
  id: 1,
  title: 'Jazz',
  slug: 'jazz',
  description: null,
  organizer_id: 1,
  start_date: '2030-06-01T18:00:00.000Z',
  end_date: null,
  timezone: 'Europe/Lisbon',
  currency: 'EUR',
  status: 'DRAFT',
  lifecycle: 'UPCOMING',
  location: null,
  online_event_details: null,
  settings: { ...EVENT_SETTING_DEFAULTS },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...change,
});

describe('getting-started checklist', () => {
  it('counts a description with words, not an empty editor', () => {
    expect(hasText('<p></p>')).toBe(false);
    expect(hasText('<p>&nbsp;</p>')).toBe(false);
    expect(hasText('<p>Jazz by the river</p>')).toBe(true);
    expect(hasText(null)).toBe(false);
  });

  it('takes a venue, an address or online details as the location', () => {
    expect(hasLocation(event({}))).toBe(false);
    expect(hasLocation(event({ location: { venue_name: 'Harbour Hall' } }))).toBe(true);
    expect(hasLocation(event({ location: { city: 'Lisboa' } }))).toBe(true);
    expect(hasLocation(event({ online_event_details: 'https://meet.example/jazz' }))).toBe(true);
  });

  it('asks for a way to pay only when there is something to pay', () => {
    const free = [{ type: 'FREE' }];
    const paid = [{ type: 'FREE' }, { type: 'PAID' }];
    expect(canTakePayments(event({}), [], true)).toBe(false);
    expect(canTakePayments(event({}), free, false)).toBe(true);
    expect(canTakePayments(event({}), paid, false)).toBe(false);
    expect(canTakePayments(event({}), paid, true)).toBe(true);
    const offline = event({ settings: { ...EVENT_SETTING_DEFAULTS, offline_payments_enabled: true } });
    expect(canTakePayments(offline, paid, false)).toBe(true);
  });
});
