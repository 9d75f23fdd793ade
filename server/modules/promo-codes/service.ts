import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { VALIDATION } from '../../../common/i18n/validation';
import {
  isPromoCodeUsable,
  type PromoCodeRequest,
  type PromoCodeResponse,
} from '../../../common/promo-codes';
import type { Db } from '../../db/client';
import { events, promoCodes, promoCodeTickets } from '../../db/schema';
import { sqlState } from '../../db/transaction';
import { AppError, conflictError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { getEvent } from '../events/service';
import { promoCodeHolds } from '../orders/open-checkouts';
import { assertEventTickets } from '../tickets/service';

type Row = typeof promoCodes.$inferSelect;
type Input = z.output<typeof PromoCodeRequest>;

/**
 * `times_used` is the code's counter less its open orders (the counter takes a use when a
 * checkout starts); `times_reserved` the open orders still within their time.
 */
function toResponse(row: Row, ticketIds: number[], holds: { held: number; open: number }): PromoCodeResponse {
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
  const [links, holds] = await Promise.all([
    db.select().from(promoCodeTickets).where(inArray(promoCodeTickets.promoCodeId, ids)),
    promoCodeHolds(db, ids, new Date()),
  ]);
  return rows.map((row) =>
    toResponse(
      row,
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

async function getRow(db: Db, auth: AuthContext, eventId: number, id: number): Promise<Row> {
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

export async function getPromoCode(
  db: Db,
  auth: AuthContext,
  eventId: number,
  id: number,
): Promise<PromoCodeResponse> {
  const [response] = await withTickets(db, [await getRow(db, auth, eventId, id)]);
  if (!response) throw new AppError('NOT_FOUND');
  return response;
}

async function linkTickets(db: Db, eventId: number, promoCodeId: number, ticketIds: number[]): Promise<void> {
  const unique = await assertEventTickets(db, eventId, ticketIds, 'applicable_ticket_ids');
  await db.delete(promoCodeTickets).where(eq(promoCodeTickets.promoCodeId, promoCodeId));
  if (unique.length > 0)
    await db.insert(promoCodeTickets).values(unique.map((ticketId) => ({ promoCodeId, ticketId })));
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

async function save<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const state = sqlState(error);
    // Codes are stored upper-case, so the unique index ignores case.
    if (state === '23505') throw conflictError('PROMO_CODE_TAKEN', 'code', VALIDATION.promoCodeTaken);
    // Lowering the limit under what was already used.
    if (state === '23514') throw fieldError('max_allowed_usages', VALIDATION.quantityBelowTaken);
    throw error;
  }
}

export async function createPromoCode(
  db: Db,
  auth: AuthContext,
  eventId: number,
  input: Input,
): Promise<PromoCodeResponse> {
  await getEvent(db, auth.accountId, eventId);
  return save(async () => {
    const [row] = await db
      .insert(promoCodes)
      .values({ accountId: auth.accountId, eventId, ...columns(input) })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await linkTickets(db, eventId, row.id, input.applicable_ticket_ids);
    return getPromoCode(db, auth, eventId, row.id);
  });
}

export async function updatePromoCode(
  db: Db,
  auth: AuthContext,
  eventId: number,
  id: number,
  input: Input,
): Promise<PromoCodeResponse> {
  await getRow(db, auth, eventId, id);
  return save(async () => {
    await db
      .update(promoCodes)
      .set({ ...columns(input), updatedAt: sql`now()` })
      .where(eq(promoCodes.id, id));
    await linkTickets(db, eventId, id, input.applicable_ticket_ids);
    return getPromoCode(db, auth, eventId, id);
  });
}

export async function deletePromoCode(db: Db, auth: AuthContext, eventId: number, id: number): Promise<void> {
  await getRow(db, auth, eventId, id);
  await db.delete(promoCodes).where(eq(promoCodes.id, id));
}

/** Whether a code works on a LIVE event right now (the public check, which answers `valid`). */
export async function isPromoCodeValid(db: Db, eventId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ promo: promoCodes })
    .from(promoCodes)
    .innerJoin(events, eq(events.id, promoCodes.eventId))
    .where(
      and(
        eq(promoCodes.eventId, eventId),
        eq(promoCodes.code, code.trim().toUpperCase()),
        eq(events.status, 'LIVE'),
      ),
    );
  return row ? isPromoCodeUsable(row.promo) : false;
}
