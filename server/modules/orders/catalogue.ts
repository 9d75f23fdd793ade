import { and, asc, eq, inArray } from 'drizzle-orm';
import { quoteAddon } from '../../../common/addon-rules';
import type { QuotePromo, QuoteTicket } from '../../../common/checkout';
import { isPromoCodeUsable } from '../../../common/promo-codes';
import type { Db } from '../../db/client';
import {
  catalogueCategories,
  promoCodeStock,
  promoCodes,
  promoCodeTickets,
  taxesAndFees,
  ticketPrices,
  tickets,
  ticketTaxesAndFees,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { readAddonRules } from '../addons/service';
import { toPricedTaxOrFee } from '../taxes-fees/service';

/** An event's tickets (or those of `ticketIds`), with their tiers and taxes, as the quote needs them. */
export async function findQuoteTickets(
  db: Db,
  eventId: number,
  ticketIds?: number[],
): Promise<QuoteTicket[]> {
  const ids = ticketIds && [...new Set(ticketIds)];
  if (ids?.length === 0) return [];
  // What a hidden category holds is hidden too (decision 051): not sold, as not shown.
  const joined = await db
    .select({ ticket: tickets, categoryHidden: catalogueCategories.isHidden })
    .from(tickets)
    .leftJoin(catalogueCategories, eq(catalogueCategories.id, tickets.categoryId))
    .where(and(eq(tickets.eventId, eventId), ids ? inArray(tickets.id, ids) : undefined));
  if (joined.length === 0) return [];
  const rows = joined.map(({ ticket, categoryHidden }) => ({
    ...ticket,
    isHidden: ticket.isHidden || categoryHidden === true,
  }));
  const found = rows.map((r) => r.id);
  const tiers = await db.select().from(ticketPrices).where(inArray(ticketPrices.ticketId, found));
  const taxes = await db
    .select({ ticketId: ticketTaxesAndFees.ticketId, tax: taxesAndFees })
    .from(ticketTaxesAndFees)
    .innerJoin(taxesAndFees, eq(taxesAndFees.id, ticketTaxesAndFees.taxOrFeeId))
    .where(inArray(ticketTaxesAndFees.ticketId, found))
    .orderBy(asc(taxesAndFees.id));
  const addons = await readAddonRules(db, rows);
  return rows.map((t) => ({
    id: t.id,
    kind: t.kind,
    addon: quoteAddon(addons.get(t.id)),
    title: t.title,
    type: t.type,
    price: t.price,
    saleStart: t.saleStart,
    saleEnd: t.saleEnd,
    isPaused: t.isPaused,
    isHidden: t.isHidden,
    hideWithoutPromoCode: t.hideWithoutPromoCode,
    minPerOrder: t.minPerOrder,
    maxPerOrder: t.maxPerOrder,
    taxesAndFees: taxes.filter((x) => x.ticketId === t.id).map(({ tax }) => toPricedTaxOrFee(tax)),
    tiers: tiers
      .filter((tier) => tier.ticketId === t.id)
      .map((tier) => ({
        id: tier.id,
        label: tier.label,
        price: tier.price,
        saleStart: tier.saleStart,
        saleEnd: tier.saleEnd,
        isHidden: tier.isHidden,
      })),
  }));
}

/** A code of the event that has not expired, or null; one with no use left answers 409. */
export async function getUsablePromoCode({
  db,
  eventId,
  dateId,
  code,
  now = new Date(),
}: {
  db: Db;
  eventId: number;
  /** Uses are counted per date (decision 049). */
  dateId: number;
  code: string;
  now?: Date;
}): Promise<QuotePromo | null> {
  const [row] = await db
    .select({ code: promoCodes, use: promoCodeStock })
    .from(promoCodes)
    .leftJoin(
      promoCodeStock,
      and(eq(promoCodeStock.promoCodeId, promoCodes.id), eq(promoCodeStock.dateId, dateId)),
    )
    .where(and(eq(promoCodes.eventId, eventId), eq(promoCodes.code, code.trim().toUpperCase())));
  if (!row) return null;
  const uses = { ...row.code, timesUsed: row.use?.timesUsed ?? 0 };
  if (!isPromoCodeUsable({ ...uses, usageLimit: null }, now)) return null;
  // A code with no use left is a conflict (409), like a sold-out ticket: uses are stock.
  if (!isPromoCodeUsable(uses, now)) throw new AppError('PROMO_CODE_USED_UP');
  const links = await db.select().from(promoCodeTickets).where(eq(promoCodeTickets.promoCodeId, uses.id));
  return {
    id: uses.id,
    code: uses.code,
    discountType: uses.discountType,
    discount: uses.discount,
    ticketIds: links.map((l) => l.ticketId),
  };
}
