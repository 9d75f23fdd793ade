import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface AttendeeSeed {
  accountId: number;
  eventId: number;
  /** Every attendee holds this ticket… */
  seatTicket: number;
  /** …except every thousandth, who holds this one. */
  vipTicket: number;
  /** A per-attendee question answered "Diet of {first name}". */
  dietQuestion: number;
  /** A per-order question answered `Acme {last name}, "Ltd"` (a comma and quotes to escape). */
  companyQuestion: number;
  count: number;
  /** Put in the orders' and attendees' short ids, to seed a second event in the same database. */
  tag?: string;
}

/**
 * Many completed orders of four attendees each, written with SQL: buying them one by one
 * would take far too long. Attendee n is First{n} Last{n} <person{n}@example.com>; order k has
 * reference S{k padded to 7} and buyer No{k}.
 */
export async function seedAttendees(db: Db, seed: AttendeeSeed): Promise<void> {
  const { accountId, eventId, count } = seed;
  const tag = seed.tag ?? '';
  await db.execute(sql`
    insert into orders (account_id, event_id, date_id, short_id, reference, status, currency, gross, discount,
      subtotal, fees, taxes, total, first_name, last_name, email, completed_at)
    select ${accountId}, ${eventId}, (select min(id) from event_dates where event_id = ${eventId}),
      'seeded-order-' || ${tag} || g, 'S' || lpad(g::text, 7, '0'), 'COMPLETED',
      'EUR', 0, 0, 0, 0, 0, 0, 'Buyer', 'No' || g, 'buyer' || g || '@example.com', now()
    from generate_series(1, ${Math.ceil(count / 4)}::int) g`);
  await db.execute(sql`
    insert into attendees (account_id, event_id, date_id, order_id, ticket_id, short_id, first_name, last_name, email, status, position)
    select ${accountId}, ${eventId}, o.date_id, o.id,
      case when g % 1000 = 0 then ${seed.vipTicket}::bigint else ${seed.seatTicket}::bigint end,
      'seeded-' || ${tag} || g, 'First' || g, 'Last' || g, 'person' || g || '@example.com', 'ACTIVE', g
    from generate_series(1, ${count}::int) g
    join orders o on o.event_id = ${eventId} and o.short_id = 'seeded-order-' || ${tag} || ((g - 1) / 4 + 1)`);
  await db.execute(sql`
    insert into question_answers (order_id, attendee_id, question_id, answer)
    select order_id, id, ${seed.dietQuestion}, to_jsonb('Diet of ' || first_name)
    from attendees where event_id = ${eventId}`);
  await db.execute(sql`
    insert into question_answers (order_id, attendee_id, question_id, answer)
    select id, null, ${seed.companyQuestion}, to_jsonb('Acme ' || last_name || ', "Ltd"')
    from orders where event_id = ${eventId}`);
}
