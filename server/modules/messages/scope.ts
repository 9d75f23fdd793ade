import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_MESSAGE_ORDER_STATUSES, type MessageScope } from '../../../common/messages';
import { UNFINISHED_CHECKOUT_STATUSES } from '../../../common/orders';
import { ERASED_DOMAIN } from '../../../common/personal-data';
import type { Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { askedDate } from '../owned-events/dates';
import { assertEventTickets } from '../tickets/service';

/**
 * Who a scope reaches, as SQL. Every source row (an attendee or an order) gives one candidate:
 * its id (the expansion's cursor), lower-cased address, name, page link, language and kind.
 * The unique (message, address) index keeps the first candidate of each address.
 */

/** Ticket holders who count: a valid or awaiting-payment ticket of an order that reached checkout. */
const ATTENDEE_STATUSES_WRITTEN_TO = ['ACTIVE', 'AWAITING_PAYMENT'] as const;

/** The marker address of an erased buyer (decision 064): never written to. */
const ERASED_PATTERN = `%@${ERASED_DOMAIN}`;

/** The name a message gives an attendee (`a`) or a buyer (`o`), as placeholders fill it. */
const ATTENDEE_NAME = sql`trim(a.first_name || ' ' || a.last_name)`;
const BUYER_NAME = sql`trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, ''))`;

function attendeeSource(eventId: number, extra: SQL): SQL {
  return sql`
    select a.id as source_id, lower(a.email) as email,
           ${ATTENDEE_NAME} as name,
           '/ticket/' || a.event_id || '/' || a.short_id as link_path,
           coalesce(o.locale, 'en') as locale, 'ATTENDEE' as kind
      from attendees a
      join orders o on o.id = a.order_id
     where a.event_id = ${eventId}
       and a.status in (${sqlList(ATTENDEE_STATUSES_WRITTEN_TO)})
       and o.status not in (${sqlList(UNFINISHED_CHECKOUT_STATUSES)})
       and a.email <> ''
       and lower(a.email) not like ${ERASED_PATTERN}
       ${extra}`;
}

function orderSource(eventId: number, extra: SQL): SQL {
  return sql`
    select o.id as source_id, lower(o.email) as email,
           ${BUYER_NAME} as name,
           '/checkout/' || o.event_id || '/' || o.short_id || '/summary' as link_path,
           coalesce(o.locale, 'en') as locale, 'BUYER' as kind
      from orders o
     where o.event_id = ${eventId}
       and o.email is not null and o.email <> ''
       and lower(o.email) not like ${ERASED_PATTERN}
       ${extra}`;
}

/** The candidates of a scope whose source id is above `after`. */
function scopeSource(eventId: number, scope: MessageScope, after: number): SQL {
  switch (scope.type) {
    case 'ALL_ATTENDEES':
      return attendeeSource(eventId, sql`and a.id > ${after}`);
    case 'TICKET_HOLDERS':
      return attendeeSource(
        eventId,
        sql`and a.ticket_id in (${sqlList(scope.ticket_ids)}) and a.id > ${after}`,
      );
    case 'ATTENDEES':
      return attendeeSource(eventId, sql`and a.id in (${sqlList(scope.attendee_ids)}) and a.id > ${after}`);
    case 'ORDER_OWNERS': {
      const statuses = scope.order_statuses ?? DEFAULT_MESSAGE_ORDER_STATUSES;
      return orderSource(eventId, sql`and o.status in (${sqlList(statuses)}) and o.id > ${after}`);
    }
    case 'DATE_ATTENDEES':
      return attendeeSource(eventId, sql`and a.date_id = ${scope.date_id} and a.id > ${after}`);
    case 'ORDER_OWNER':
      return orderSource(
        eventId,
        sql`and o.id = ${scope.order_id} and o.status not in (${sqlList(UNFINISHED_CHECKOUT_STATUSES)}) and o.id > ${after}`,
      );
  }
}

/**
 * That what a scope names belongs to the event: its tickets, its date. A 422 on the scope's
 * field otherwise, in the caller's language.
 */
export async function assertScopeOfEvent(db: Db, eventId: number, scope: MessageScope): Promise<void> {
  if (scope.type === 'TICKET_HOLDERS') {
    await assertEventTickets({ db, eventId, ticketIds: scope.ticket_ids, field: 'scope.ticket_ids' });
  }
  if (scope.type === 'DATE_ATTENDEES') {
    await askedDate(db, { eventId, dateId: scope.date_id, field: 'scope.date_id' });
  }
}

/** How many different addresses a scope reaches now. */
export async function countScopeAddresses(db: Db, eventId: number, scope: MessageScope): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(
    db,
    sql`select count(distinct email) as count from (${scopeSource(eventId, scope, 0)}) as candidates`,
  );
  return Number(row?.count ?? 0);
}

/** The first address a scope reaches now (the one a message would be written to first), if any. */
export async function firstScopeAddress(
  db: Db,
  eventId: number,
  scope: MessageScope,
): Promise<{ email: string; name: string; link_path: string } | null> {
  const [row] = await queryRows<{ email: string; name: string; link_path: string }>(
    db,
    sql`select email, name, link_path from (${scopeSource(eventId, scope, 0)}) as candidates
         order by source_id limit 1`,
  );
  return row ?? null;
}

/**
 * The name of whoever a page link of a scope belongs to (`link_path`: an attendee's ticket page
 * or a buyer's order page), as the scope names them; null for any other link. The sender's copy
 * is filled in as for the message's first recipient, whose link it keeps (decision 035).
 */
export async function nameOfLink(db: Db, eventId: number, linkPath: string): Promise<string | null> {
  const ticket = /^\/ticket\/\d+\/([\w-]+)$/.exec(linkPath)?.[1];
  const order = /^\/checkout\/\d+\/([\w-]+)\/summary$/.exec(linkPath)?.[1];
  const query = ticket
    ? sql`select ${ATTENDEE_NAME} as name from attendees a where a.event_id = ${eventId} and a.short_id = ${ticket}`
    : order
      ? sql`select ${BUYER_NAME} as name from orders o where o.event_id = ${eventId} and o.short_id = ${order}`
      : null;
  if (!query) return null;
  const [row] = await queryRows<{ name: string }>(db, query);
  return row?.name ?? null;
}

export interface ExpandedBatch {
  /** Candidates read (0: the scope is exhausted). */
  scanned: number;
  /** The last source id read: the next batch starts after it. */
  lastSourceId: number;
  /** The ids of the recipients written (addresses not yet in the message). */
  recipientIds: number[];
}

/**
 * Writes the next `size` candidates after `after` as recipients of the message, skipping
 * addresses it already has. One statement, in the caller's transaction (which also moves the
 * cursor and queues the sending).
 */
export async function insertRecipientBatch(
  tx: Transaction,
  batch: { messageId: number; eventId: number; scope: MessageScope; after: number; size: number },
): Promise<ExpandedBatch> {
  const source = scopeSource(batch.eventId, batch.scope, batch.after);
  const rows = await queryRows<{
    scanned: number | string;
    last_source: number | string | null;
    ids: unknown;
  }>(
    tx,
    sql`
    with batch as (${source} order by source_id limit ${batch.size}),
    written as (
      insert into message_recipients (message_id, email, name, kind, link_path, locale)
      select ${batch.messageId}, email, name, kind, link_path, locale from batch order by source_id
      on conflict (message_id, email) do nothing
      returning id)
    select (select count(*) from batch) as scanned,
           (select max(source_id) from batch) as last_source,
           (select coalesce(json_agg(id order by id), '[]'::json) from written) as ids`,
  );
  const row = rows[0];
  const ids =
    typeof row?.ids === 'string' ? (JSON.parse(row.ids) as unknown[]) : ((row?.ids as unknown[]) ?? []);
  return {
    scanned: Number(row?.scanned ?? 0),
    lastSourceId:
      row?.last_source === null || row?.last_source === undefined ? batch.after : Number(row.last_source),
    recipientIds: ids.map(Number),
  };
}
