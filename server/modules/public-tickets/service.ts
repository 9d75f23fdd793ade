import { and, asc, eq, inArray } from 'drizzle-orm';
import { leftOfCapacities } from '../../../common/availability';
import { withSettingDefaults } from '../../../common/events';
import type { TaxOrFee } from '../../../common/pricing';
import {
  type PromoSource,
  type PublicTicketsResponse,
  toPublicTickets,
} from '../../../common/public-tickets';
import type { Db } from '../../db/client';
import {
  capacityAssignments,
  capacityAssignmentTickets,
  events,
  promoCodes,
  promoCodeTickets,
  taxesAndFees,
  ticketPrices,
  tickets,
  ticketTaxesAndFees,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toPricedTaxOrFee } from '../taxes-fees/service';

/** The event's code matching what the visitor typed (any case), with the tickets it applies to. */
async function findPromo(db: Db, eventId: number, typed: string): Promise<PromoSource | null> {
  const rows = await db
    .select({ promo: promoCodes, ticketId: promoCodeTickets.ticketId })
    .from(promoCodes)
    .leftJoin(promoCodeTickets, eq(promoCodeTickets.promoCodeId, promoCodes.id))
    .where(and(eq(promoCodes.eventId, eventId), eq(promoCodes.code, typed.toUpperCase())));
  const first = rows[0];
  if (!first) return null;
  return {
    ...first.promo,
    ticketIds: rows.flatMap((r) => (r.ticketId === null ? [] : [r.ticketId])),
  };
}

/**
 * The tickets of a LIVE event as a buyer sees them (anything else is a 404), priced for one
 * unit with the promo code's discount when it is valid. A fixed number of queries, whatever
 * the number of tickets.
 */
export async function findPublicTickets(
  db: Db,
  eventId: number,
  {
    promoCode,
    preview,
  }: {
    promoCode: string | undefined;
    /** The organizer's preview (the homepage designer): any status, but only the account's event. */
    preview?: { accountId: number };
  },
): Promise<PublicTicketsResponse> {
  const [event] = await db
    .select({ currency: events.currency, settings: events.settings })
    .from(events)
    .where(
      and(
        eq(events.id, eventId),
        preview ? eq(events.accountId, preview.accountId) : eq(events.status, 'LIVE'),
      ),
    );
  if (!event) throw new AppError('NOT_FOUND');

  const rows = await db
    .select()
    .from(tickets)
    .where(eq(tickets.eventId, eventId))
    .orderBy(asc(tickets.sortOrder), asc(tickets.id));
  const ids = rows.map((r) => r.id);
  const tiers = ids.length
    ? await db.select().from(ticketPrices).where(inArray(ticketPrices.ticketId, ids))
    : [];
  const charges = ids.length
    ? await db
        .select({ ticketId: ticketTaxesAndFees.ticketId, item: taxesAndFees })
        .from(ticketTaxesAndFees)
        .innerJoin(taxesAndFees, eq(taxesAndFees.id, ticketTaxesAndFees.taxOrFeeId))
        .where(inArray(ticketTaxesAndFees.ticketId, ids))
        .orderBy(asc(taxesAndFees.id))
    : [];
  // The fullest active capacity assignment of each ticket: it can sell a ticket out too.
  const capacities = ids.length
    ? await db
        .select({
          ticketId: capacityAssignmentTickets.ticketId,
          capacity: capacityAssignments.capacity,
          used: capacityAssignments.used,
        })
        .from(capacityAssignmentTickets)
        .innerJoin(
          capacityAssignments,
          eq(capacityAssignments.id, capacityAssignmentTickets.capacityAssignmentId),
        )
        .where(
          and(inArray(capacityAssignmentTickets.ticketId, ids), eq(capacityAssignments.status, 'ACTIVE')),
        )
    : [];
  const capacityLeft = (ticketId: number) =>
    leftOfCapacities(capacities.filter((c) => c.ticketId === ticketId).map((c) => ({ ...c, active: true })));
  const settings = withSettingDefaults(event.settings);
  const typed = promoCode?.trim() ?? '';
  const promo = typed ? await findPromo(db, eventId, typed) : null;

  const chargesOf = (ticketId: number): TaxOrFee[] =>
    charges.filter((c) => c.ticketId === ticketId).map(({ item }) => toPricedTaxOrFee(item));

  return toPublicTickets({
    tickets: rows.map((row) => ({
      ...row,
      tiers: tiers.filter((t) => t.ticketId === row.id),
      taxesAndFees: chargesOf(row.id),
      capacityLeft: capacityLeft(row.id),
      waitlistEnabled: row.waitlistEnabled ?? settings.waitlist_enabled,
    })),
    requestedCode: typed,
    promo,
    priceDisplayMode: settings.price_display_mode,
    currency: event.currency,
  });
}
