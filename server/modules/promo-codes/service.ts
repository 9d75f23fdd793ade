import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { VALIDATION } from '../../../common/i18n/validation';
import {
  isPromoCodeUsable,
  type PromoCodeRequest,
  type PromoCodeResponse,
} from '../../../common/promo-codes';
import type { Database, Db, Transaction } from '../../db/client';
import { events, promoCodeStock, promoCodes, promoCodeTickets } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, conflictError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { findPromoCodeHolds } from '../orders/open-checkouts';
import { getEvent } from '../owned-events/service';
import { fillStock, setPromoCodeLimit } from '../stock/service';
import { assertEventTickets } from '../tickets/service';

type Row = typeof promoCodes.$inferSelect;
type Input = z.output<typeof PromoCodeRequest>;
/** A promo code of an event, as the caller names it. */
interface PromoCodeRef {
  auth: AuthContext;
  eventId: number;
  id: number;
}

/**
 * `times_used` is the code's counter less its open orders (the counter takes a use when a
 * checkout starts); `times_reserved` the open orders still within their time.
 */
function toResponse(
  row: Row & { timesUsed: number },
  ticketIds: number[],
  holds: { held: number; open: number },
): PromoCodeResponse {
  return {
    id: row.id,
    code: row.code,
    discount_type: row.discountType,
    discount: row.discount,
    expiry_date: row.expiresAt?.toISOString() ?? null,
    max_allowed_usages: row.usageLimit,
    times_used: row.timesUsed - holds.open,
    times_reserved: holds.held,
    applicable_ticket_ids: [...ticketIds].sort((a, b) => a - b),
    created_at: row.createdAt.toISOString(),
  };
}

async function withTickets(db: Db, rows: Row[]): Promise<PromoCodeResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [links, holds, uses] = await Promise.all([
    db.select().from(promoCodeTickets).where(inArray(promoCodeTickets.promoCodeId, ids)),
    findPromoCodeHolds(db, ids, new Date()),
    // Its uses over all dates (each date counts its own under the limit, decision 049).
    db
      .select({ id: promoCodeStock.promoCodeId, used: sql<number>`sum(${promoCodeStock.timesUsed})::int` })
      .from(promoCodeStock)
      .where(inArray(promoCodeStock.promoCodeId, ids))
      .groupBy(promoCodeStock.promoCodeId),
  ]);
  return rows.map((row) =>
    toResponse(
      { ...row, timesUsed: Number(uses.find((u) => u.id === row.id)?.used ?? 0) },
      links.filter((l) => l.promoCodeId === row.id).map((l) => l.ticketId),
      holds.get(row.id) ?? { held: 0, open: 0 },
    ),
  );
}

export async function findPromoCodes(
  db: Db,
  auth: AuthContext,
  eventId: number,
): Promise<PromoCodeResponse[]> {
  await getEvent(db, auth.accountId, eventId);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.eventId, eventId))
    .orderBy(asc(promoCodes.code));
  return withTickets(db, rows);
}

async function getRow(db: Db, { auth, eventId, id }: PromoCodeRef): Promise<Row> {
  await getEvent(db, auth.accountId, eventId);
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(eq(promoCodes.id, id), eq(promoCodes.eventId, eventId), eq(promoCodes.accountId, auth.accountId)),
    );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getPromoCode({ db, ...ref }: PromoCodeRef & { db: Db }): Promise<PromoCodeResponse> {
  const [response] = await withTickets(db, [await getRow(db, ref)]);
  if (!response) throw new AppError('NOT_FOUND');
  return response;
}

async function linkTickets(
  tx: Transaction,
  { eventId, id }: PromoCodeRef,
  ticketIds: number[],
): Promise<void> {
  const unique = await assertEventTickets({ db: tx, eventId, ticketIds, field: 'applicable_ticket_ids' });
  await tx.delete(promoCodeTickets).where(eq(promoCodeTickets.promoCodeId, id));
  if (unique.length > 0)
    await tx.insert(promoCodeTickets).values(unique.map((ticketId) => ({ promoCodeId: id, ticketId })));
}

function columns(input: Input) {
  return {
    code: input.code,
    discountType: input.discount_type,
    discount: input.discount_type === 'NONE' ? '0' : (input.discount ?? '0'),
    expiresAt: input.expiry_date ? new Date(input.expiry_date) : null,
    usageLimit: input.max_allowed_usages ?? null,
  };
}

/** Runs the transaction; the database's verdicts on the code become answers for the form. */
async function save<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    const state = sqlState(error);
    // Codes are stored upper-case, so the unique index ignores case.
    if (state === '23505') throw conflictError('PROMO_CODE_TAKEN', 'code', VALIDATION.promoCodeTaken);
    // Lowering the limit under what was already used.
    if (state === '23514') throw fieldError('max_allowed_usages', VALIDATION.quantityBelowTaken);
    throw error;
  }
}

export async function createPromoCode({
  db,
  auth,
  eventId,
  input,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  input: Input;
}): Promise<PromoCodeResponse> {
  await getEvent(db, auth.accountId, eventId);
  const id = await save(db, async (tx) => {
    const [row] = await tx
      .insert(promoCodes)
      .values({ accountId: auth.accountId, eventId, ...columns(input) })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await linkTickets(tx, { auth, eventId, id: row.id }, input.applicable_ticket_ids);
    await fillStock(tx, eventId);
    return row.id;
  });
  return getPromoCode({ db, auth, eventId, id });
}

export async function updatePromoCode({
  db,
  input,
  ...ref
}: PromoCodeRef & { db: Database; input: Input }): Promise<PromoCodeResponse> {
  await getRow(db, ref);
  await save(db, async (tx) => {
    await tx
      .update(promoCodes)
      .set({ ...columns(input), updatedAt: sql`now()` })
      .where(eq(promoCodes.id, ref.id));
    await setPromoCodeLimit(tx, ref.id, input.max_allowed_usages ?? null);
    await linkTickets(tx, ref, input.applicable_ticket_ids);
  });
  return getPromoCode({ db, ...ref });
}

export async function deletePromoCode({ db, ...ref }: PromoCodeRef & { db: Db }): Promise<void> {
  await getRow(db, ref);
  await db.delete(promoCodes).where(eq(promoCodes.id, ref.id));
}

/** Whether a code works on a LIVE event right now (the public check, which answers `valid`). */
export async function isPromoCodeValid(db: Db, eventId: number, code: string): Promise<boolean> {
  // Usable while some date has a use left: the least used date's count.
  const [row] = await db
    .select({
      promo: promoCodes,
      used: sql<number>`(select coalesce(min(times_used), 0)::int
      from promo_code_stock where promo_code_id = ${promoCodes.id})`,
    })
    .from(promoCodes)
    .innerJoin(events, eq(events.id, promoCodes.eventId))
    .where(
      and(
        eq(promoCodes.eventId, eventId),
        eq(promoCodes.code, code.trim().toUpperCase()),
        eq(events.status, 'LIVE'),
      ),
    );
  return row ? isPromoCodeUsable({ ...row.promo, timesUsed: Number(row.used) }) : false;
}
