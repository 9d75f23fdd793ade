import { asc, eq, inArray } from 'drizzle-orm';
import { leftOfCapacities, type Stock } from '../../../common/availability';
import type { EventSettings } from '../../../common/events';
import type { TaxOrFee } from '../../../common/pricing';
import type { Db } from '../../db/client';
import { taxesAndFees, ticketPrices, type tickets, ticketTaxesAndFees } from '../../db/schema';
import type { readAddonRules } from '../addons/service';
import { onDate, type readDateStocks } from '../stock/service';
import { toPricedTaxOrFee } from '../taxes-fees/service';

type TicketRow = typeof tickets.$inferSelect;
type DateStock = Awaited<ReturnType<typeof readDateStocks>>[number];
type AddonRules = Awaited<ReturnType<typeof readAddonRules>>;

/** The price tiers and the taxes and fees of these tickets, in two queries. */
export async function readTicketParts(db: Db, ids: readonly number[]) {
  const tiers = ids.length
    ? await db
        .select()
        .from(ticketPrices)
        .where(inArray(ticketPrices.ticketId, [...ids]))
    : [];
  const charges = ids.length
    ? await db
        .select({ ticketId: ticketTaxesAndFees.ticketId, item: taxesAndFees })
        .from(ticketTaxesAndFees)
        .innerJoin(taxesAndFees, eq(taxesAndFees.id, ticketTaxesAndFees.taxOrFeeId))
        .where(inArray(ticketTaxesAndFees.ticketId, [...ids]))
        .orderBy(asc(taxesAndFees.id))
    : [];
  const chargesOf = (ticketId: number): TaxOrFee[] =>
    charges.filter((c) => c.ticketId === ticketId).map(({ item }) => toPricedTaxOrFee(item));
  return { tiers, chargesOf };
}
export type TicketParts = Awaited<ReturnType<typeof readTicketParts>>;

/** Sold, reserved and the quantity of a ticket or tier on the date, else its own quantity. */
const counters = (own: Stock | undefined, quantity: number | null) => ({
  quantity: own?.quantity ?? quantity,
  quantitySold: own?.sold ?? 0,
  quantityReserved: own?.reserved ?? 0,
});

/**
 * One ticket as a buyer sees it on a date: the date's own price and sale window where it sets
 * them (issue 36), its counts and its tiers' on that date, its charges, what its capacities
 * leave (nothing on a date marked sold out), its add-on rule and waiting list.
 */
export function ticketOnDate(
  row: TicketRow,
  of: {
    stock: DateStock | undefined;
    closed: boolean;
    parts: TicketParts;
    addons: AddonRules;
    settings: EventSettings;
  },
) {
  const { stock, parts } = of;
  return {
    ...onDate(row, stock?.overrides.get(row.id)),
    ...counters(stock?.tickets.get(row.id), row.quantity),
    tiers: parts.tiers
      .filter((t) => t.ticketId === row.id)
      .map((t) => ({ ...t, ...counters(stock?.tiers.get(t.id), t.quantity) })),
    taxesAndFees: parts.chargesOf(row.id),
    capacityLeft: of.closed ? 0 : leftOfCapacities(stock?.limits.get(row.id) ?? []),
    addon: of.addons.get(row.id) ?? null,
    waitlistEnabled: row.waitlistEnabled ?? of.settings.waitlist_enabled,
    seated: stock?.tickets.get(row.id)?.seated === true,
  };
}
