import { and, asc, eq } from 'drizzle-orm';
import { withSettingDefaults } from '../../../common/events';
import type { SelfServiceResponse, SelfServiceSettings } from '../../../common/self-service';
import { allows, deadlineOf, selfCancelQuote, selfEditRefusal } from '../../../common/self-service-rules';
import type { Db, Transaction } from '../../db/client';
import { attendees, eventDates, events, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { latestCheckIn } from '../attendee-view/service';
import { getPublicOrderRow, lockPublicOrderRow } from '../orders/public-view';

type OrderRow = typeof orders.$inferSelect;

/** A buyer's order with the rules of its event and when its date starts. */
export interface OrderContext {
  order: OrderRow;
  rules: SelfServiceSettings;
  startsAt: Date;
}

/**
 * The order a buyer names by its short id, or ORDER_NOT_FOUND (another event's order too); with
 * `tx`, locked until it ends: one change to an order at a time.
 */
export async function orderContext({
  db,
  tx,
  eventId,
  shortId,
}: {
  db?: Db;
  tx?: Transaction;
  eventId: number;
  shortId: string;
}): Promise<OrderContext> {
  const reader = tx ?? db;
  if (!reader) throw new Error('orderContext needs db or tx');
  const order = tx
    ? await lockPublicOrderRow(tx, eventId, shortId)
    : await getPublicOrderRow(reader, eventId, shortId);
  const [found] = await reader
    .select({ settings: events.settings, startsAt: eventDates.startsAt })
    .from(events)
    .innerJoin(eventDates, eq(eventDates.eventId, events.id))
    .where(and(eq(events.id, eventId), eq(eventDates.id, order.dateId)));
  if (!found) throw new AppError('ORDER_NOT_FOUND');
  return { order, rules: withSettingDefaults(found.settings).self_service, startsAt: found.startsAt };
}

/** The ticket holders of an order, with whether each was checked in. */
export function holdersOf(db: Db, orderId: number) {
  return (
    db
      .select({ attendee: attendees, checkedInAt: latestCheckIn().mapWith(attendees.createdAt) })
      .from(attendees)
      // Joined so that the check-in's subquery names `attendees.id` in full, not a bare `id`.
      .innerJoin(orders, eq(orders.id, attendees.orderId))
      .where(eq(attendees.orderId, orderId))
      .orderBy(asc(attendees.position), asc(attendees.id))
  );
}

/** Why one ticket holder cannot be edited, or null. */
export function holderRefusal(holder: { attendee: { status: string }; checkedInAt: Date | null }) {
  if (holder.attendee.status === 'CANCELLED') return 'CANCELLED' as const;
  if (holder.checkedInAt) return 'CHECKED_IN' as const;
  return null;
}

/** `GET …/orders/{shortId}/self-service`: what the buyer may change or cancel now, and why not. */
export async function getSelfService({
  db,
  eventId,
  shortId,
  now = new Date(),
}: {
  db: Db;
  eventId: number;
  shortId: string;
  now?: Date;
}): Promise<SelfServiceResponse> {
  const { order, rules, startsAt } = await orderContext({ db, eventId, shortId });
  const editRefusal = selfEditRefusal(rules, { status: order.status, startsAt, now });
  const holders = editRefusal ? [] : await holdersOf(db, order.id);
  const quote = selfCancelQuote(rules, { ...order, startsAt, now });
  return {
    edit: {
      allowed: editRefusal === null,
      reason: editRefusal,
      until: rules.edit_enabled ? deadlineOf(startsAt, rules.edit_until_hours).toISOString() : null,
      fields: rules.edit_enabled ? rules.edit_fields.filter((f) => allows(rules, f)) : [],
      attendees: holders.map((h) => ({ short_id: h.attendee.shortId, reason: holderRefusal(h) })),
    },
    cancel: {
      allowed: quote.reason === null,
      reason: quote.reason,
      until:
        rules.cancel_mode === 'NEVER' ? null : deadlineOf(startsAt, rules.cancel_until_hours).toISOString(),
      refund: quote.refund,
      fee: quote.fee,
    },
  };
}
