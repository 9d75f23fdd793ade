import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AFFILIATE_CODE_PATTERN } from '../../../common/affiliate-link';
import type { AffiliateRequest, AffiliateResponse } from '../../../common/affiliates';
import type { Database, Db, Transaction } from '../../db/client';
import { affiliates, orders } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, conflictError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { type EventListContext, getEvent } from '../owned-events/service';
import { findAffiliateFigures } from './figures';
import { NO_FIGURES, toAffiliateResponse } from './presenter';

type Input = z.output<typeof AffiliateRequest>;
/** An affiliate of an event, as the caller names it. */
interface AffiliateRef {
  auth: AuthContext;
  eventId: number;
  id: number;
}

/** `GET /api/events/{id}/affiliates`: every affiliate of the event with its figures, by name. */
export async function findAffiliates({
  db,
  event,
}: Pick<EventListContext<unknown>, 'db' | 'event'>): Promise<AffiliateResponse[]> {
  const rows = await db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.eventId, event.id), eq(affiliates.accountId, event.accountId)))
    .orderBy(asc(sql`lower(${affiliates.name})`), asc(affiliates.id));
  if (rows.length === 0) return [];
  const figures = await findAffiliateFigures(db, event.id);
  return rows.map((row) => toAffiliateResponse(row, figures.get(row.id) ?? NO_FIGURES, event.currency));
}

async function getRow(db: Db, { auth, eventId, id }: AffiliateRef) {
  const event = await getEvent(db, auth.accountId, eventId);
  const [row] = await db
    .select()
    .from(affiliates)
    .where(
      and(eq(affiliates.id, id), eq(affiliates.eventId, eventId), eq(affiliates.accountId, auth.accountId)),
    );
  if (!row) throw new AppError('NOT_FOUND');
  return { row, currency: event.currency };
}

/** `GET …/affiliates/{affiliateId}`: one affiliate with its figures. */
export async function getAffiliate({ db, ...ref }: AffiliateRef & { db: Db }): Promise<AffiliateResponse> {
  const { row, currency } = await getRow(db, ref);
  const figures = await findAffiliateFigures(db, ref.eventId);
  return toAffiliateResponse(row, figures.get(row.id) ?? NO_FIGURES, currency);
}

const columns = (input: Input) => ({
  name: input.name,
  code: input.code,
  email: input.email,
  status: input.status,
});

/** Runs the write; a code the event already has (any case: codes are stored upper-case) is a 409 on `code`. */
async function save<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (sqlState(error) === '23505') throw conflictError('AFFILIATE_CODE_TAKEN', 'code');
    throw error;
  }
}

/** `POST /api/events/{id}/affiliates` */
export async function createAffiliate({
  db,
  auth,
  eventId,
  input,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  input: Input;
}): Promise<AffiliateResponse> {
  await getEvent(db, auth.accountId, eventId);
  const id = await save(db, async (tx) => {
    const [row] = await tx
      .insert(affiliates)
      .values({ accountId: auth.accountId, eventId, ...columns(input) })
      .returning({ id: affiliates.id });
    if (!row) throw new Error('insert returned nothing');
    return row.id;
  });
  return getAffiliate({ db, auth, eventId, id });
}

/** `PUT …/affiliates/{affiliateId}`: replaces name, code, e-mail and status. */
export async function updateAffiliate({
  db,
  input,
  ...ref
}: AffiliateRef & { db: Database; input: Input }): Promise<AffiliateResponse> {
  await getRow(db, ref);
  await save(db, async (tx) => {
    await tx
      .update(affiliates)
      .set({ ...columns(input), updatedAt: sql`now()` })
      .where(eq(affiliates.id, ref.id));
  });
  return getAffiliate({ db, ...ref });
}

/**
 * `DELETE …/affiliates/{affiliateId}`: only an affiliate no order points at. One with orders
 * (of any status) is refused with 409 AFFILIATE_HAS_ORDERS: deactivating keeps its figures
 * (decision 021). The row is locked first, so an order being attributed to it at the same
 * moment (which takes a KEY SHARE lock on it) is either seen here or finds it gone.
 */
export async function deleteAffiliate({ db, ...ref }: AffiliateRef & { db: Database }): Promise<void> {
  await getRow(db, ref);
  await inTransaction(db, async (tx) => {
    const [locked] = await tx
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(eq(affiliates.id, ref.id))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND');
    const [used] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.affiliateId, ref.id))
      .limit(1);
    if (used) throw new AppError('AFFILIATE_HAS_ORDERS');
    await tx.delete(affiliates).where(eq(affiliates.id, ref.id));
  });
}

/**
 * The event's ACTIVE affiliate with this code (any case), for an order being created in `tx`;
 * null for a code that is unknown, inactive or not even well-formed: a link never blocks a
 * purchase. The row is KEY SHARE locked until the order commits, so it cannot be deleted in
 * between (see `deleteAffiliate`).
 */
export async function findAffiliateForOrder(
  tx: Transaction,
  eventId: number,
  code: string | undefined,
): Promise<{ id: number; code: string } | null> {
  const wanted = code?.trim().toUpperCase() ?? '';
  if (!AFFILIATE_CODE_PATTERN.test(wanted)) return null;
  const [row] = await tx
    .select({ id: affiliates.id, code: affiliates.code })
    .from(affiliates)
    .where(and(eq(affiliates.eventId, eventId), eq(affiliates.code, wanted), eq(affiliates.status, 'ACTIVE')))
    .for('key share');
  return row ?? null;
}
