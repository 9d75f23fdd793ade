import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import {
  addonTickets,
  affiliates,
  capacityAssignments,
  capacityAssignmentTickets,
  catalogueCategories,
  promoCodes,
  promoCodeTickets,
  questions,
  questionTickets,
  ticketPrices,
  tickets,
  ticketTaxesAndFees,
} from '../../db/schema';
import { fillStock } from '../stock/service';

export interface CatalogueChoices {
  copy_tickets: boolean;
  copy_questions: boolean;
  copy_promo_codes: boolean;
  copy_capacity_assignments: boolean;
  copy_affiliates: boolean;
}

interface Copy {
  accountId: number;
  sourceId: number;
  targetId: number;
  /** How far the copy's start moved from the source's: sale windows and expiries move with it. */
  shiftMs: number;
}

const shifted = (date: Date | null, ms: number) => (date ? new Date(date.getTime() + ms) : null);

/**
 * Copies what an event sells into its duplicate (issue 4: "with choices of what to copy"), in
 * the transaction that creates the duplicate: a failure half-way leaves no part of it.
 * Nothing sold is copied: counters start at zero. Promo codes and capacity assignments that
 * name tickets are only copied along with the tickets, so a copy never applies more widely
 * than its original did. Affiliates keep their codes (unique per event, so the copy may hold
 * the same ones), so a partner's link carries over by changing only the event in it.
 * Returns source ticket id → the copy's, for the products' pictures, and source question id →
 * the copy's, for the ticket design's questions.
 */
export async function copyCatalogue(
  tx: Transaction,
  copy: Copy,
  choices: CatalogueChoices,
): Promise<{ ticketIds: Map<number, number>; questionIds: Map<number, number> }> {
  const ticketIds = choices.copy_tickets ? await copyTickets(tx, copy) : new Map<number, number>();
  const questionIds = await defaultQuestionPairs(tx, copy);
  if (choices.copy_questions) await copyQuestions(tx, { copy, ticketIds, questionIds });
  if (choices.copy_promo_codes) await copyPromoCodes(tx, copy, choices.copy_tickets ? ticketIds : null);
  if (choices.copy_affiliates) await copyAffiliates(tx, copy);
  if (choices.copy_capacity_assignments && choices.copy_tickets) await copyCapacity(tx, copy, ticketIds);
  // The copy's date gets a row of stock for each ticket, tier, assignment and code, none sold.
  await fillStock(tx, copy.targetId);
  return { ticketIds, questionIds };
}

/** The catalogue's headings (decision 051); returns source category id → copy's. */
async function copyCategories(tx: Transaction, copy: Copy): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  const rows = await tx
    .select()
    .from(catalogueCategories)
    .where(eq(catalogueCategories.eventId, copy.sourceId));
  for (const { id, createdAt, updatedAt, ...row } of rows) {
    const [created] = await tx
      .insert(catalogueCategories)
      .values({ ...row, accountId: copy.accountId, eventId: copy.targetId })
      .returning({ id: catalogueCategories.id });
    if (created) ids.set(id, created.id);
  }
  return ids;
}

/** Tickets and products with their categories; returns source ticket id → copy's ticket id. */
async function copyTickets(tx: Transaction, copy: Copy): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  const categories = await copyCategories(tx, copy);
  const rows = await tx
    .select()
    .from(tickets)
    .where(eq(tickets.eventId, copy.sourceId))
    .orderBy(asc(tickets.sortOrder), asc(tickets.id));
  for (const { id, createdAt, updatedAt, ...row } of rows) {
    const [created] = await tx
      .insert(tickets)
      .values({
        ...row,
        accountId: copy.accountId,
        eventId: copy.targetId,
        categoryId: row.categoryId === null ? null : (categories.get(row.categoryId) ?? null),
        saleStart: shifted(row.saleStart, copy.shiftMs),
        saleEnd: shifted(row.saleEnd, copy.shiftMs),
      })
      .returning({ id: tickets.id });
    if (!created) throw new Error('ticket copy returned nothing');
    ids.set(id, created.id);
  }
  if (ids.size === 0) return ids;
  const sources = [...ids.keys()];
  const tiers = await tx.select().from(ticketPrices).where(inArray(ticketPrices.ticketId, sources));
  for (const { id: _id, ...tier } of tiers) {
    await tx.insert(ticketPrices).values({
      ...tier,
      ticketId: ids.get(tier.ticketId) ?? 0,
      saleStart: shifted(tier.saleStart, copy.shiftMs),
      saleEnd: shifted(tier.saleEnd, copy.shiftMs),
    });
  }
  const taxes = await tx
    .select()
    .from(ticketTaxesAndFees)
    .where(inArray(ticketTaxesAndFees.ticketId, sources));
  if (taxes.length > 0) {
    await tx
      .insert(ticketTaxesAndFees)
      .values(taxes.map((t) => ({ ticketId: ids.get(t.ticketId) ?? 0, taxOrFeeId: t.taxOrFeeId })));
  }
  // Add-ons go with the copies of their tickets (decision 052).
  const addons = await tx.select().from(addonTickets).where(inArray(addonTickets.addonId, sources));
  if (addons.length > 0) {
    await tx
      .insert(addonTickets)
      .values(addons.map((a) => ({ addonId: ids.get(a.addonId) ?? 0, ticketId: ids.get(a.ticketId) ?? 0 })));
  }
  return ids;
}

/** Source default question id → the copy's default question of the same key. */
async function defaultQuestionPairs(tx: Transaction, copy: Copy): Promise<Map<number, number>> {
  const rows = await tx
    .select({ id: questions.id, eventId: questions.eventId, key: questions.defaultKey })
    .from(questions)
    .where(and(inArray(questions.eventId, [copy.sourceId, copy.targetId]), isNotNull(questions.defaultKey)));
  const pairs = new Map<number, number>();
  for (const source of rows.filter((r) => r.eventId === copy.sourceId)) {
    const target = rows.find((r) => r.eventId === copy.targetId && r.key === source.key);
    if (target) pairs.set(source.id, target.id);
  }
  return pairs;
}

/**
 * The event's own questions (the copy already has its default ones); each copy's id is added to
 * `questionIds`.
 */
async function copyQuestions(
  tx: Transaction,
  {
    copy,
    ticketIds,
    questionIds,
  }: { copy: Copy; ticketIds: Map<number, number>; questionIds: Map<number, number> },
): Promise<void> {
  const rows = await tx
    .select()
    .from(questions)
    .where(and(eq(questions.eventId, copy.sourceId), isNull(questions.defaultKey)))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  for (const { id, createdAt, updatedAt, ...row } of rows) {
    const [created] = await tx
      .insert(questions)
      .values({ ...row, accountId: copy.accountId, eventId: copy.targetId })
      .returning({ id: questions.id });
    if (!created) throw new Error('question copy returned nothing');
    questionIds.set(id, created.id);
    const links = await tx.select().from(questionTickets).where(eq(questionTickets.questionId, id));
    const mapped = links.flatMap((l) => {
      const ticketId = ticketIds.get(l.ticketId);
      return ticketId === undefined ? [] : [{ questionId: created.id, ticketId }];
    });
    if (mapped.length > 0) await tx.insert(questionTickets).values(mapped);
  }
}

/** `ticketIds` is null when the tickets were not copied. */
async function copyPromoCodes(
  tx: Transaction,
  copy: Copy,
  ticketIds: Map<number, number> | null,
): Promise<void> {
  const rows = await tx.select().from(promoCodes).where(eq(promoCodes.eventId, copy.sourceId));
  for (const { id, createdAt, updatedAt, ...row } of rows) {
    const links = await tx.select().from(promoCodeTickets).where(eq(promoCodeTickets.promoCodeId, id));
    if (links.length > 0 && !ticketIds) continue;
    const [created] = await tx
      .insert(promoCodes)
      .values({
        ...row,
        accountId: copy.accountId,
        eventId: copy.targetId,
        expiresAt: shifted(row.expiresAt, copy.shiftMs),
      })
      .returning({ id: promoCodes.id });
    if (!created) throw new Error('promo code copy returned nothing');
    if (links.length > 0) {
      await tx
        .insert(promoCodeTickets)
        .values(links.map((l) => ({ promoCodeId: created.id, ticketId: ticketIds?.get(l.ticketId) ?? 0 })));
    }
  }
}

/** Who sells the event, with new ids: their orders and figures stay with the original. */
async function copyAffiliates(tx: Transaction, copy: Copy): Promise<void> {
  const rows = await tx
    .select({
      name: affiliates.name,
      code: affiliates.code,
      email: affiliates.email,
      status: affiliates.status,
    })
    .from(affiliates)
    .where(eq(affiliates.eventId, copy.sourceId))
    .orderBy(asc(affiliates.id));
  if (rows.length === 0) return;
  await tx
    .insert(affiliates)
    .values(rows.map((row) => ({ ...row, accountId: copy.accountId, eventId: copy.targetId })));
}

async function copyCapacity(tx: Transaction, copy: Copy, ticketIds: Map<number, number>): Promise<void> {
  const rows = await tx
    .select()
    .from(capacityAssignments)
    .where(eq(capacityAssignments.eventId, copy.sourceId));
  for (const { id, createdAt, updatedAt, ...row } of rows) {
    const [created] = await tx
      .insert(capacityAssignments)
      .values({ ...row, accountId: copy.accountId, eventId: copy.targetId })
      .returning({ id: capacityAssignments.id });
    if (!created) throw new Error('capacity copy returned nothing');
    const links = await tx
      .select()
      .from(capacityAssignmentTickets)
      .where(eq(capacityAssignmentTickets.capacityAssignmentId, id));
    if (links.length > 0) {
      await tx.insert(capacityAssignmentTickets).values(
        links.map((l) => ({
          capacityAssignmentId: created.id,
          ticketId: ticketIds.get(l.ticketId) ?? 0,
        })),
      );
    }
  }
}
