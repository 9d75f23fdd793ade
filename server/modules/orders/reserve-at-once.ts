import type { OrderTotals } from '../../../common/pricing';
import { type Database, sendNamed } from '../../db/client';
import type { orderItems, orders } from '../../db/schema';
import { sqlState } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { ADDRESS_LANES, laneHasRoom } from './address-lanes';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The new order's columns that the statement writes (the rest keep their defaults). */
export interface NewOrder extends OrderTotals {
  accountId: number;
  eventId: number;
  dateId: number;
  shortId: string;
  reference: string;
  reservedUntil: Date;
  currency: string;
  locale: string | null;
  clientAddress: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
}

export type NewItem = Pick<
  ItemRow,
  | 'ticketId'
  | 'priceId'
  | 'title'
  | 'priceLabel'
  | 'quantity'
  | 'unitPrice'
  | 'discount'
  | 'subtotal'
  | 'fees'
  | 'taxes'
  | 'total'
  | 'charges'
>;

/** A reservation with no promo code, affiliate, waiting-list offer or shared capacity (of tickets or the date). */
export interface PlainReservation {
  /** The buyer's address and its cap of open reservations (decision 043), if it has one. */
  lane: { address: string; max: number } | null;
  now: Date;
  /** Seats per tier and per ticket, each list in order of id (the order locks are taken in). */
  tiers: readonly (readonly [number, number])[];
  tickets: readonly (readonly [number, number])[];
  order: NewOrder;
  items: readonly NewItem[];
}

/**
 * What the one statement did: the order and its items, or nothing at all because the address's
 * lanes with room are all busy (`'no-lane'`: take the transactional way, which waits or
 * counts) or because a ticket turned out to share a capacity limit (`'shared'`: the
 * transactional way moves those counters in their order).
 */
export type AtOnce = { row: OrderRow; items: ItemRow[] } | 'no-lane' | 'shared';

/** The statement's parameters, each cast where it is used so both databases know its type. */
class Values {
  readonly list: unknown[] = [];
  add(value: unknown, type: string): string {
    this.list.push(value);
    return `$${this.list.length}::${type}`;
  }
}

/**
 * The start of a guarded counter update (`inventory.ts`), named `name`, of `n` seats of the
 * date's row of `id` in `table` (keyed by `key`).
 */
function takeSeats(
  v: Values,
  {
    name,
    table,
    date,
    counts: [id, n],
  }: { name: string; table: 'tier_stock' | 'ticket_stock'; date: string; counts: readonly [number, number] },
) {
  const seats = v.add(n, 'int');
  const key = table === 'tier_stock' ? 'price_id' : 'ticket_id';
  return `${name} as (update ${table} set quantity_reserved = quantity_reserved + ${seats}
    where date_id = ${date} and ${key} = ${v.add(id, 'bigint')}
      and (quantity is null or quantity_sold + quantity_reserved + ${seats} <= quantity)`;
}

const ORDER_COLUMNS = `account_id, event_id, date_id, short_id, reference, status, reserved_until, currency,
  gross, discount, subtotal, fees, taxes, total, locale, client_address, idempotency_key, request_hash`;
const ITEM_COLUMNS = `ticket_id, price_id, title, price_label, quantity, unit_price, discount, subtotal,
  fees, taxes, total, charges`;

/**
 * The text and values of the statement for `r`. Its text depends only on the reservation's
 * shape (lane or not, how many tiers, tickets and lines), which names it.
 */
function statementOf(r: PlainReservation): { name: string; text: string; values: unknown[] } {
  const v = new Values();
  const parts: string[] = [];
  const date = v.add(r.order.dateId, 'bigint');
  // Each step runs only once the one before returned its row, so the locks are taken in a
  // fixed order (lane, tiers by id, tickets by id: `inventory.ts`) and a refusal stops the rest.
  let before: string | null = null;
  const afterBefore = () => (before ? ` and exists (select from ${before})` : '');
  if (r.lane) {
    const at = v.add(r.now.toISOString(), 'timestamptz');
    const address = v.add(r.lane.address, 'text');
    const max = v.add(r.lane.max, 'int');
    // The first lane with room that no other reservation holds; if each is held, one of them at
    // random, waiting for it (the statement holds nothing else yet), and taken if it still has
    // room then. None when no lane has room: the transactional way counts (decision 043).
    const room = laneHasRoom(max);
    parts.push(`lane as (update address_lanes set held = held + 1, touched_at = ${at}
      where address = ${address} and ${room} and lane = coalesce(
        (select lane from address_lanes where address = ${address} and ${room}
         order by lane limit 1 for update skip locked),
        (select lane from address_lanes where address = ${address} and ${room}
         order by random() limit 1))
      returning lane)`);
    // An address's first reservation makes its lanes, this one held in the first, when the
    // address holds no open order (lanes are purged only after two idle days: it holds none).
    // Another first reservation of the address at the same moment waits for these rows and then
    // finds them taken: it makes none and takes the transactional way.
    parts.push(`new_lanes as (insert into address_lanes (address, lane, held, touched_at)
      select ${address}, n, case when n = 0 then 1 else 0 end, ${at}
      from generate_series(0, ${ADDRESS_LANES - 1}) as n
      where ${max} > 0 and not exists (select from address_lanes where address = ${address})
        and not exists (select from orders where client_address = ${address}
          and status in ('RESERVED', 'PAYMENT_FAILED') and reserved_until > ${at})
      on conflict do nothing
      returning lane)`);
    parts.push(`took as (select lane from lane union all select lane from new_lanes where lane = 0)`);
    before = 'took';
  }
  r.tiers.forEach((tier, i) => {
    parts.push(
      `${takeSeats(v, { name: `tier${i}`, table: 'tier_stock', date, counts: tier })}${afterBefore()} returning price_id)`,
    );
    before = `tier${i}`;
  });
  r.tickets.forEach((ticket, i) => {
    // A ticket that shares a limit (a capacity assignment, the date's capacity) or sells seats is not plain.
    parts.push(`${takeSeats(v, { name: `ticket${i}`, table: 'ticket_stock', date, counts: ticket })}${afterBefore()}
      returning date_capped or seated or exists (select from capacity_assignment_tickets
        where ticket_id = ticket_stock.ticket_id) as shared)`);
    before = `ticket${i}`;
  });
  const stock = r.tickets.map((_, i) => `select shared from ticket${i}`).join(' union all ');
  parts.push(`stock as (${stock})`);
  const o = r.order;
  parts.push(`new_order as (insert into orders (${ORDER_COLUMNS})
    select ${[
      v.add(o.accountId, 'bigint'),
      v.add(o.eventId, 'bigint'),
      date,
      v.add(o.shortId, 'text'),
      v.add(o.reference, 'text'),
      `'RESERVED'`,
      v.add(o.reservedUntil.toISOString(), 'timestamptz'),
      v.add(o.currency, 'text'),
      ...[o.gross, o.discount, o.subtotal, o.fees, o.taxes, o.total].map((n) => v.add(n, 'int')),
      v.add(o.locale, 'text'),
      v.add(o.clientAddress, 'text'),
      v.add(o.idempotencyKey, 'text'),
      v.add(o.requestHash, 'text'),
    ].join(', ')}
    where (select count(*) from stock) = ${r.tickets.length} and not exists (select from stock where shared)
    returning *)`);
  const rows = r.items.map(
    (item) =>
      `(${[
        v.add(item.ticketId, 'bigint'),
        v.add(item.priceId, 'bigint'),
        v.add(item.title, 'text'),
        v.add(item.priceLabel, 'text'),
        ...[
          item.quantity,
          item.unitPrice,
          item.discount,
          item.subtotal,
          item.fees,
          item.taxes,
          item.total,
        ].map((n) => v.add(n, 'int')),
        v.add(item.charges === null ? null : JSON.stringify(item.charges), 'jsonb'),
      ].join(', ')})`,
  );
  parts.push(`items as (insert into order_items (order_id, ${ITEM_COLUMNS})
    select new_order.id, line.* from new_order, (values ${rows.join(', ')}) as line
    returning *)`);
  const noLane = r.lane ? 'not exists (select from took)' : 'false';
  // Only what the database made: the rest of the rows is what was sent (`writtenRows`). Rows
  // returned as JSON cost PostgreSQL a sixth more per reservation (bench/statement-costs.ts).
  const text = `with ${parts.join(',\n')}
    select case
        when ${noLane} then 'no-lane'
        when exists (select from stock where shared) then fail_statement('shared')
        when not exists (select from new_order) then fail_statement('short')
        else 'done' end as outcome,
      (select id from new_order) as order_id,
      (select created_at from new_order) as created_at,
      (select array_agg(id order by id) from items) as item_ids`;
  const name = `reserve_${r.lane ? 'lane' : 'open'}_${r.tiers.length}_${r.tickets.length}_${r.items.length}`;
  return { name, text, values: v.list };
}

/**
 * Reserves in one statement (decision 044): the address's lane, the guarded counter updates and
 * the order with its items, all or nothing, in one round trip and without BEGIN and COMMIT.
 * Throws NOT_ENOUGH_AVAILABLE when a counter has no room (nothing is kept).
 */
export async function reserveAtOnce(db: Database, r: PlainReservation): Promise<AtOnce> {
  let row: Written | undefined;
  try {
    [row] = await sendNamed<Written>(db, statementOf(r));
  } catch (error) {
    // Two reservations of one address may each hold a lane the other waits for (a lane locked
    // on the way to a free one stays locked): PostgreSQL ends one of them, whose statement then
    // wrote nothing. That one takes the transactional way, which retries (db/transaction.ts).
    if (sqlState(error) === '40P01') return 'no-lane';
    if (sqlState(error) !== 'TS409') throw error;
    if ((error as Error).message === 'shared') return 'shared';
    throw new AppError('NOT_ENOUGH_AVAILABLE');
  }
  if (row?.outcome === 'no-lane') return 'no-lane';
  if (!row) throw new Error('the reservation statement answered nothing');
  return writtenRows(r, row);
}

/** What the statement answers besides its outcome: the ids and time the database gave. */
type Written = {
  outcome: string;
  order_id: string | number | bigint | null;
  created_at: Date | string | null;
  item_ids: (string | number | bigint)[] | null;
};

/**
 * The order and items as written: what was sent, the columns' defaults, and what the database
 * made. Typed as whole rows, so a column added to either table fails to compile here until it
 * is added.
 */
function writtenRows(r: PlainReservation, written: Written): { row: OrderRow; items: ItemRow[] } {
  const { order_id: id, created_at: at, item_ids: itemIds } = written;
  if (id === null || at === null || itemIds?.length !== r.items.length) {
    throw new Error('the reservation statement wrote no order');
  }
  const orderId = Number(id);
  const createdAt = new Date(at);
  const row: OrderRow = {
    ...r.order,
    id: orderId,
    status: 'RESERVED',
    extendedAt: null,
    extensions: 0,
    promoCodeId: null,
    promoCode: null,
    affiliateCode: null,
    affiliateId: null,
    waitlistEntryId: null,
    firstName: null,
    lastName: null,
    email: null,
    company: null,
    companyAddress: null,
    vatCountry: null,
    vatId: null,
    paymentProvider: null,
    paymentIntentId: null,
    refundedTotal: 0,
    completedAt: null,
    createdAt,
    updatedAt: createdAt,
  };
  // The items were inserted in the order given, so their ids ascend in that order.
  // Add-on lines take the transactional way: these lines are for no attendee.
  const items = r.items.map(
    (item, i): ItemRow => ({
      ...item,
      id: Number(itemIds[i]),
      orderId,
      forTicketId: null,
      forPriceId: null,
      forSeat: null,
      attendeeId: null,
    }),
  );
  return { row, items };
}
