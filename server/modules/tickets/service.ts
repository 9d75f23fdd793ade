import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { VALIDATION } from '../../../common/i18n/validation';
import type { TicketRequest, TicketResponse } from '../../../common/tickets';
import type { Database, Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import {
  catalogueCategories,
  eventImages,
  taxesAndFees,
  ticketPrices,
  tickets,
  ticketTaxesAndFees,
} from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { nextSortOrder } from '../../http/sort-order';
import type { FileStorage } from '../../storage';
import { sanitizeDescription } from '../../text/description';
import { addonColumns, readAddonRules, saveAddonTickets } from '../addons/service';
import { deleteFiles } from '../images/service';
import { offerFreedSeats } from '../orders/waitlist-offers';
import { getEvent, lockEvent } from '../owned-events/service';
import { fillStock, readDateStocks, setTicketQuantity, setTierQuantity } from '../stock/service';
import { enqueueWebhookEvent } from '../webhooks/service';
import { type TicketRow, type TierRow, toTicketResponse } from './presenter';

type Input = z.output<typeof TicketRequest>;
/** A ticket of an event, as the caller names it. */
interface TicketRef {
  auth: AuthContext;
  eventId: number;
  ticketId: number;
}
/** Whether any date has sold or holds seats of one of these tiers: one query. */
async function tiersTaken(db: Db, tierIds: readonly number[]): Promise<boolean> {
  if (tierIds.length === 0) return false;
  const rows = await queryRows(
    db,
    sql`select 1 from tier_stock where price_id in (${sqlList(tierIds)})
        and quantity_sold + quantity_reserved > 0 limit 1`,
  );
  return rows.length > 0;
}

/** Whether a ticket or any of its tiers has sold or holds seats on any date. */
async function hasSales(db: Db, ticketId: number, tiers: readonly TierRow[]): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from ticket_stock where ticket_id = ${ticketId}
        and quantity_sold + quantity_reserved > 0 limit 1`,
  );
  return (
    rows.length > 0 ||
    tiersTaken(
      db,
      tiers.map((tier) => tier.id),
    )
  );
}

async function loadResponses(db: Db, rows: TicketRow[]): Promise<TicketResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const tiers = await db.select().from(ticketPrices).where(inArray(ticketPrices.ticketId, ids));
  const links = await db.select().from(ticketTaxesAndFees).where(inArray(ticketTaxesAndFees.ticketId, ids));
  const dates = await readDateStocks(db, ids);
  const addons = await readAddonRules(db, rows);
  const now = new Date();
  return rows.map((row) =>
    toTicketResponse({
      ticket: row,
      tiers: tiers.filter((t) => t.ticketId === row.id),
      taxIds: links.filter((l) => l.ticketId === row.id).map((l) => l.taxOrFeeId),
      dates,
      addon: addons.get(row.id) ?? null,
      now,
    }),
  );
}

export async function findTickets(db: Db, auth: AuthContext, eventId: number): Promise<TicketResponse[]> {
  await getEvent(db, auth.accountId, eventId);
  const rows = await db
    .select()
    .from(tickets)
    .where(eq(tickets.eventId, eventId))
    .orderBy(asc(tickets.sortOrder), asc(tickets.id));
  return loadResponses(db, rows);
}

const ticketOf = ({ auth, eventId, ticketId }: TicketRef) =>
  and(eq(tickets.id, ticketId), eq(tickets.eventId, eventId), eq(tickets.accountId, auth.accountId));

/** The ticket, locked until the transaction ends, or 404. */
async function lockTicketRow(tx: Transaction, ref: TicketRef): Promise<TicketRow> {
  await getEvent(tx, ref.auth.accountId, ref.eventId);
  const [row] = await tx.select().from(tickets).where(ticketOf(ref)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getTicket({ db, ...ref }: TicketRef & { db: Db }): Promise<TicketResponse> {
  await getEvent(db, ref.auth.accountId, ref.eventId);
  const [row] = await db.select().from(tickets).where(ticketOf(ref));
  if (!row) throw new AppError('NOT_FOUND');
  const [response] = await loadResponses(db, [row]);
  if (!response) throw new AppError('NOT_FOUND');
  return response;
}

/** The taxes and fees to link: those asked for (all of this account), or the account's defaults. */
async function taxIdsFor(db: Db, auth: AuthContext, requested: number[] | undefined): Promise<number[]> {
  const rows = await db
    .select({ id: taxesAndFees.id, isDefault: taxesAndFees.isDefault })
    .from(taxesAndFees)
    .where(eq(taxesAndFees.accountId, auth.accountId));
  if (requested === undefined) return rows.filter((r) => r.isDefault).map((r) => r.id);
  const own = new Set(rows.map((r) => r.id));
  if (requested.some((id) => !own.has(id))) throw fieldError('tax_and_fee_ids', VALIDATION.unknownTaxOrFee);
  return [...new Set(requested)];
}

/** A category named by a ticket must be one of its event's; 422 otherwise. */
async function assertEventCategory(db: Db, eventId: number, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [own] = await db
    .select({ id: catalogueCategories.id })
    .from(catalogueCategories)
    .where(and(eq(catalogueCategories.id, categoryId), eq(catalogueCategories.eventId, eventId)));
  if (!own) throw fieldError('category_id', VALIDATION.unknownCategory);
}

function columns(input: Input) {
  return {
    kind: input.kind,
    categoryId: input.category_id,
    redeemable: input.kind === 'PRODUCT' && input.redeemable,
    // The schema allows a rule on products only (decision 052).
    ...addonColumns(input.addon),
    title: input.title,
    description: sanitizeDescription(input.description),
    type: input.type,
    price: input.type === 'PAID' || input.type === 'DONATION' ? (input.price ?? 0) : null,
    saleStart: input.sale_start_date ? new Date(input.sale_start_date) : null,
    saleEnd: input.sale_end_date ? new Date(input.sale_end_date) : null,
    minPerOrder: input.min_per_order,
    maxPerOrder: input.max_per_order,
    quantity: input.quantity_available ?? null,
    showQuantityRemaining: input.show_quantity_remaining,
    hideWhenSoldOut: input.hide_when_sold_out,
    hideBeforeSaleStart: input.hide_before_sale_start_date,
    hideAfterSaleEnd: input.hide_after_sale_end_date,
    isHidden: input.is_hidden,
    hideWithoutPromoCode: input.is_hidden_without_promo_code,
    isPaused: input.is_paused,
    waitlistEnabled: input.waitlist_enabled,
  };
}

async function linkTaxes(tx: Transaction, ticketId: number, taxIds: number[]): Promise<void> {
  await tx.delete(ticketTaxesAndFees).where(eq(ticketTaxesAndFees.ticketId, ticketId));
  if (taxIds.length > 0) {
    await tx.insert(ticketTaxesAndFees).values(taxIds.map((taxOrFeeId) => ({ ticketId, taxOrFeeId })));
  }
}

/** Makes the tiers match the request: update those named by id, add new ones, delete the rest. */
async function saveTiers({
  tx,
  ticketId,
  input,
  current,
}: {
  tx: Transaction;
  ticketId: number;
  input: Input;
  current: TierRow[];
}): Promise<void> {
  const wanted = input.type === 'TIERED' ? (input.prices ?? []) : [];
  const currentById = new Map(current.map((t) => [t.id, t]));
  for (const tier of wanted) {
    if (tier.id !== undefined && !currentById.has(tier.id))
      throw fieldError('prices', VALIDATION.unknownTier);
  }
  const keep = new Set(wanted.flatMap((t) => (t.id === undefined ? [] : [t.id])));
  const removed = current.filter((t) => !keep.has(t.id));
  if (
    await tiersTaken(
      tx,
      removed.map((t) => t.id),
    )
  )
    throw new AppError('TIER_HAS_SALES');
  if (removed.length > 0) {
    try {
      await tx.delete(ticketPrices).where(
        inArray(
          ticketPrices.id,
          removed.map((t) => t.id),
        ),
      );
    } catch (error) {
      if (sqlState(error) === '23503') throw new AppError('TIER_HAS_SALES');
      throw error;
    }
  }
  for (const [sortOrder, tier] of wanted.entries()) {
    const values = {
      label: tier.label,
      price: tier.price,
      quantity: tier.quantity_available ?? null,
      saleStart: tier.sale_start_date ? new Date(tier.sale_start_date) : null,
      saleEnd: tier.sale_end_date ? new Date(tier.sale_end_date) : null,
      isHidden: tier.is_hidden,
      sortOrder,
    };
    if (tier.id === undefined) await tx.insert(ticketPrices).values({ ticketId, ...values });
    else {
      await tx.update(ticketPrices).set(values).where(eq(ticketPrices.id, tier.id));
      await setTierQuantity(tx, tier.id, values.quantity);
    }
  }
}

function quantityViolation(error: unknown): boolean {
  const state = sqlState(error);
  const text = String(
    (error as { cause?: { message?: string } })?.cause?.message ?? (error as Error)?.message ?? '',
  );
  return state === '23514' && /stock_quantity/.test(text);
}

export async function createTicket({
  db,
  auth,
  eventId,
  input,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  input: Input;
}): Promise<TicketResponse> {
  const ticketId = await inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const taxIds = await taxIdsFor(tx, auth, input.tax_and_fee_ids);
    await assertEventCategory(tx, eventId, input.category_id);
    const next = await nextSortOrder(
      tx,
      { table: tickets, sortOrder: tickets.sortOrder, eventId: tickets.eventId },
      eventId,
    );
    const [row] = await tx
      .insert(tickets)
      .values({ accountId: auth.accountId, eventId, sortOrder: next, ...columns(input) })
      .returning();
    if (!row) throw new Error('ticket insert returned nothing');
    await saveTiers({ tx, ticketId: row.id, input, current: [] });
    await saveAddonTickets(tx, { eventId, addonId: row.id, rule: input.addon });
    await fillStock(tx, eventId);
    await linkTaxes(tx, row.id, taxIds);
    await queueTicketWebhook(tx, { auth, eventId, ticketId: row.id }, `${kindName(input.kind)}.created`);
    return row.id;
  });
  return getTicket({ db, auth, eventId, ticketId });
}

export async function updateTicket({
  db,
  input,
  ...ref
}: TicketRef & { db: Database; input: Input }): Promise<TicketResponse> {
  const { auth, ticketId } = ref;
  await inTransaction(db, async (tx) => {
    const current = await lockTicketRow(tx, ref);
    const tiers = await tx
      .select()
      .from(ticketPrices)
      .where(eq(ticketPrices.ticketId, ticketId))
      .for('update');
    if (input.type !== current.type && (await hasSales(tx, ticketId, tiers)))
      throw new AppError('TICKET_TYPE_LOCKED');
    const taxIds = await taxIdsFor(tx, auth, input.tax_and_fee_ids);
    await assertEventCategory(tx, ref.eventId, input.category_id);
    if (input.kind !== current.kind && (await hasSales(tx, ticketId, tiers)))
      throw fieldError('kind', VALIDATION.kindLocked);
    try {
      await tx
        .update(tickets)
        .set({ ...columns(input), updatedAt: sql`now()` })
        .where(eq(tickets.id, ticketId));
      await setTicketQuantity(tx, ticketId, input.quantity_available ?? null);
      await saveTiers({ tx, ticketId, input, current: tiers });
      await fillStock(tx, ref.eventId);
      await saveAddonTickets(tx, { eventId: ref.eventId, addonId: ticketId, rule: input.addon });
    } catch (error) {
      if (quantityViolation(error)) throw fieldError('quantity_available', VALIDATION.quantityBelowTaken);
      throw error;
    }
    await linkTaxes(tx, ticketId, taxIds);
    // A quantity raised frees seats: people waiting for them are offered them first (decision 030).
    for (const dateId of await datesWithPeopleWaiting(tx, ref.eventId))
      await offerFreedSeats(tx, { dateId, ticketIds: [ticketId] });
    await queueTicketWebhook(tx, ref, `${kindName(input.kind)}.updated`);
  });
  return getTicket({ db, ...ref });
}

/**
 * The dates of an event someone waits on, in order: only there can freed seats be offered, so an
 * event of 500 dates with no waiting list costs one query, not 500.
 */
async function datesWithPeopleWaiting(db: Db, eventId: number): Promise<number[]> {
  const rows = await queryRows<{ date_id: string | number }>(
    db,
    sql`select distinct date_id from waitlist_entries
        where event_id = ${eventId} and status = 'WAITING' order by date_id`,
  );
  return rows.map((r) => Number(r.date_id));
}

/**
 * A ticket's or product's webhook (decision 027): `ticket.*` or `product.*` by its kind after the
 * change, with the item as the API returns it.
 */
function queueTicketWebhook(
  tx: Transaction,
  ref: TicketRef,
  type: `${'ticket' | 'product'}.${'created' | 'updated'}`,
) {
  return enqueueWebhookEvent(tx, {
    accountId: ref.auth.accountId,
    eventId: ref.eventId,
    type,
    data: () => getTicket({ db: tx, ...ref }),
  });
}

const kindName = (kind: Input['kind']) => (kind === 'PRODUCT' ? 'product' : 'ticket');

/** A ticket that has been ordered stays (hide it instead), so orders keep what they bought. */
export async function deleteTicket({
  db,
  storage,
  ...ref
}: TicketRef & { db: Database; storage: FileStorage }): Promise<void> {
  const pictures = await inTransaction(db, async (tx) => {
    const current = await lockTicketRow(tx, ref);
    const tiers = await tx.select().from(ticketPrices).where(eq(ticketPrices.ticketId, ref.ticketId));
    if (await hasSales(tx, current.id, tiers)) throw new AppError('TICKET_HAS_SALES');
    // A product's picture goes with it (its row by the foreign key, its files after commit).
    const pictures = await tx.select().from(eventImages).where(eq(eventImages.ticketId, ref.ticketId));
    try {
      await tx.delete(tickets).where(eq(tickets.id, ref.ticketId));
    } catch (error) {
      // Orders name it, even ones that never completed: keep their history, hide the ticket.
      if (sqlState(error) === '23503') throw new AppError('TICKET_HAS_SALES');
      throw error;
    }
    return pictures;
  });
  await Promise.all(pictures.map((picture) => deleteFiles(storage, picture)));
}

/**
 * Checks that every id names a ticket of this event (a ticket must exist before a promo
 * code, question, capacity assignment or check-in list can point at it); 422 otherwise.
 */
export async function assertEventTickets({
  db,
  eventId,
  ticketIds,
  field = 'ticket_ids',
}: {
  db: Db;
  eventId: number;
  ticketIds: readonly number[];
  field?: string;
}): Promise<number[]> {
  const unique = [...new Set(ticketIds)];
  if (unique.length === 0) return unique;
  const own = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), inArray(tickets.id, unique)));
  if (own.length !== unique.length) throw fieldError(field, VALIDATION.unknownTicket);
  return unique;
}
