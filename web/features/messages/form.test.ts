import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages as en } from '../../../common/locales/en/messages';
import { CreateMessageRequest } from '../../../common/messages';
import { type ComposeValues, initialComposeValues, toFormErrors, toRequest, validateCompose } from './form';
import { handledShare } from './progress';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

const filled = (change: Partial<ComposeValues> = {}): ComposeValues => ({
  ...initialComposeValues(),
  subject: 'Doors open at 19:00',
  body: '<p>Hello {{attendee_name}}</p>',
  acknowledged_not_promotional: true,
  ...change,
});

describe('the compose form', () => {
  it('sends each scope as the contract has it', () => {
    const zone = 'Europe/Lisbon';
    expect(toRequest(filled({ scope_type: 'TICKET_HOLDERS', ticket_ids: ['7', '9'] }), zone).scope).toEqual({
      type: 'TICKET_HOLDERS',
      ticket_ids: [7, 9],
    });
    expect(toRequest(filled({ scope_type: 'ATTENDEES', attendee_ids: ['3'] }), zone).scope).toEqual({
      type: 'ATTENDEES',
      attendee_ids: [3],
    });
    // No status chosen: the API's default statuses, so the field is left out.
    expect(toRequest(filled({ scope_type: 'ORDER_OWNERS' }), zone).scope).toEqual({ type: 'ORDER_OWNERS' });
    expect(
      toRequest(filled({ scope_type: 'ORDER_OWNERS', order_statuses: ['COMPLETED'] }), zone).scope,
    ).toEqual({ type: 'ORDER_OWNERS', order_statuses: ['COMPLETED'] });
    expect(toRequest(filled({ scope_type: 'ORDER_OWNER', order_id: '12' }), zone).scope).toEqual({
      type: 'ORDER_OWNER',
      order_id: 12,
    });
    expect(toRequest(filled({ scope_type: 'DATE_ATTENDEES', date_id: '5' }), zone).scope).toEqual({
      type: 'DATE_ATTENDEES',
      date_id: 5,
    });
    for (const scope of [
      'TICKET_HOLDERS',
      'ATTENDEES',
      'ORDER_OWNERS',
      'ORDER_OWNER',
      'ALL_ATTENDEES',
      'DATE_ATTENDEES',
    ] as const) {
      const values = filled({
        scope_type: scope,
        ticket_ids: ['1'],
        attendee_ids: ['2'],
        order_id: '3',
        date_id: '4',
      });
      expect(CreateMessageRequest.safeParse(toRequest(values, zone)).success).toBe(true);
    }
  });

  it('asks for a date when the attendees of one date receive it, and shows the server’s refusal there', () => {
    expect(validateCompose(filled({ scope_type: 'DATE_ATTENDEES' }), 'UTC', false)).toEqual({
      date_id: 'This field is required.',
    });
    expect(toFormErrors({ 'scope.date_id': ['This date is not one of the event’s.'] })).toEqual({
      date_id: 'This date is not one of the event’s.',
    });
  });

  it('schedules on the event’s clock, and a test goes now, without the copy', () => {
    const values = filled({ schedule: true, scheduled_at: '2031-07-01T20:30', send_copy_to_sender: true });
    const request = toRequest(values, 'Europe/Lisbon');
    expect(request.scheduled_at).toBe('2031-07-01T19:30:00.000Z');
    expect(request.send_copy_to_sender).toBe(true);
    expect(request.is_test).toBe(false);
    const test = toRequest(values, 'Europe/Lisbon', true);
    expect(test).toMatchObject({ is_test: true, scheduled_at: null, send_copy_to_sender: false });
    expect(toRequest(filled({ scheduled_at: '2031-07-01T20:30' }), 'Europe/Lisbon').scheduled_at).toBeNull();
  });

  it('checks with the shared schema, in the form’s fields', () => {
    const errors = validateCompose(
      { ...initialComposeValues(), scope_type: 'TICKET_HOLDERS', schedule: true },
      'Europe/Lisbon',
      false,
    );
    expect(errors).toEqual({
      subject: 'This field is required.',
      body: 'This field is required.',
      ticket_ids: 'Select at least one ticket.',
      acknowledged_not_promotional: 'Confirm that this message is about the event and is not promotional.',
      scheduled_at: 'This field is required.',
    });
    // A test needs no time, but the acknowledgement all the same.
    expect(validateCompose(filled({ schedule: true }), 'Europe/Lisbon', true)).toEqual({});
    expect(validateCompose(filled({ scope_type: 'ORDER_OWNER' }), 'UTC', false)).toEqual({
      order_id: 'This field is required.',
    });
    expect(
      validateCompose(filled({ schedule: true, scheduled_at: '2001-01-01T10:00' }), 'UTC', false)
        .scheduled_at,
    ).toBe('Choose a time in the future.');
  });

  it('puts the API’s field errors on the fields that hold them', () => {
    expect(
      toFormErrors({
        'scope.ticket_ids.0': ['Choose tickets of this event.'],
        scope: ['Choose one of: ALL_ATTENDEES.'],
        'scope.order_id': ['Not found'],
        acknowledged_not_promotional: ['Confirm'],
        unknown: ['Odd'],
      }),
    ).toEqual({
      ticket_ids: 'Choose tickets of this event.',
      scope_type: 'Choose one of: ALL_ATTENDEES.',
      order_id: 'Not found',
      acknowledged_not_promotional: 'Confirm',
      _: 'Odd',
    });
  });

  it('counts sent and failed recipients as handled', () => {
    expect(handledShare({ status: 'SENDING', counts: { total: 4, sent: 2, failed: 1 } })).toBe(0.75);
    expect(handledShare({ status: 'QUEUED', counts: { total: 0, sent: 0, failed: 0 } })).toBe(0);
    expect(handledShare({ status: 'SENT', counts: { total: 0, sent: 0, failed: 0 } })).toBe(1);
  });
});
