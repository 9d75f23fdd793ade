import { describe, expect, it } from 'vitest';
import { CreateAttendeeRequest } from '../../../common/attendees';
import { answerLines } from './answers';
import { emptyAddAttendee, missingTier, toCreateRequest } from './form';

const tickets = [
  { id: 1, type: 'FREE' as const },
  { id: 2, type: 'TIERED' as const },
];

describe('the add-an-attendee form', () => {
  it('sends a tier only with a tiered ticket', () => {
    const values = { ...emptyAddAttendee, first_name: ' Ana ', last_name: 'Lima', email: 'ana@example.com' };
    expect(toCreateRequest({ ...values, ticket_id: '1', price_id: '5' }, tickets)).toEqual({
      ticket_id: 1,
      first_name: 'Ana',
      last_name: 'Lima',
      email: 'ana@example.com',
      send_ticket_email: true,
    });
    expect(toCreateRequest({ ...values, ticket_id: '2', price_id: '5' }, tickets)).toMatchObject({
      ticket_id: 2,
      price_id: 5,
    });
  });

  it('leaves an unchosen ticket out, so the shared schema asks for it', () => {
    const result = CreateAttendeeRequest.safeParse(
      toCreateRequest(
        { ...emptyAddAttendee, first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com' },
        tickets,
      ),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['ticket_id']);
  });

  it('knows when a tiered ticket still needs its tier', () => {
    expect(missingTier({ ...emptyAddAttendee, ticket_id: '2' }, tickets)).toBe(true);
    expect(missingTier({ ...emptyAddAttendee, ticket_id: '2', price_id: '9' }, tickets)).toBe(false);
    expect(missingTier({ ...emptyAddAttendee, ticket_id: '1' }, tickets)).toBe(false);
  });
});

describe('an answer as the organizer reads it', () => {
  it('shows text, chosen options and addresses readably', () => {
    expect(answerLines('Vegetarian')).toEqual(['Vegetarian']);
    expect(answerLines('  ')).toEqual([]);
    expect(answerLines(['Jazz', 'Blues'])).toEqual(['Jazz, Blues']);
    expect(answerLines([])).toEqual([]);
    expect(
      answerLines({
        address_line_1: 'Rua Augusta 10',
        address_line_2: '',
        city: 'Lisboa',
        state_or_region: '',
        zip_or_postal_code: '1100-053',
        country: 'PT',
      }),
    ).toEqual(['Rua Augusta 10', '1100-053 Lisboa', 'PT']);
  });
});
