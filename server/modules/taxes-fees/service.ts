import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TaxOrFee } from '../../../common/pricing';
import type { TaxOrFeeRequest, TaxOrFeeResponse } from '../../../common/taxes-fees';
import type { Db } from '../../db/client';
import { taxesAndFees, ticketTaxesAndFees } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';

type Row = typeof taxesAndFees.$inferSelect;
type Input = z.output<typeof TaxOrFeeRequest>;

export function toTaxOrFeeResponse(row: Row): TaxOrFeeResponse {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    calculation_type: row.calculationType,
    rate: row.rate,
    is_default: row.isDefault,
    applies_to_fees: row.appliesToFees,
    created_at: row.createdAt.toISOString(),
  };
}

function columns(input: Input) {
  return {
    name: input.name,
    type: input.type,
    calculationType: input.calculation_type,
    rate: String(input.rate),
    isDefault: input.is_default,
    appliesToFees: input.type === 'TAX' && input.applies_to_fees,
  };
}

/** A tax or fee as pricing reads it (`common/pricing.ts`). */
export function toPricedTaxOrFee(row: Row): TaxOrFee {
  return {
    id: row.id,
    name: row.name,
    kind: row.type,
    calculation: row.calculationType,
    rate: row.rate,
    appliesToFees: row.appliesToFees,
  };
}

export async function findTaxesAndFees(db: Db, auth: AuthContext): Promise<Row[]> {
  return db
    .select()
    .from(taxesAndFees)
    .where(eq(taxesAndFees.accountId, auth.accountId))
    .orderBy(asc(taxesAndFees.type), asc(sql`lower(${taxesAndFees.name})`), asc(taxesAndFees.id));
}

export async function createTaxOrFee(db: Db, auth: AuthContext, input: Input): Promise<Row> {
  const [row] = await db
    .insert(taxesAndFees)
    .values({ accountId: auth.accountId, ...columns(input) })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateTaxOrFee({
  db,
  auth,
  id,
  input,
}: {
  db: Db;
  auth: AuthContext;
  id: number;
  input: Input;
}): Promise<Row> {
  const [row] = await db
    .update(taxesAndFees)
    .set({ ...columns(input), updatedAt: sql`now()` })
    .where(and(eq(taxesAndFees.id, id), eq(taxesAndFees.accountId, auth.accountId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Deletes a tax or fee; the tickets that applied it no longer do. Answers how many those were. */
export async function deleteTaxOrFee(
  db: Db,
  auth: AuthContext,
  id: number,
): Promise<{ detachedTickets: number }> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ticketTaxesAndFees)
    .innerJoin(taxesAndFees, eq(taxesAndFees.id, ticketTaxesAndFees.taxOrFeeId))
    .where(and(eq(taxesAndFees.id, id), eq(taxesAndFees.accountId, auth.accountId)));
  const deleted = await db
    .delete(taxesAndFees)
    .where(and(eq(taxesAndFees.id, id), eq(taxesAndFees.accountId, auth.accountId)))
    .returning({ id: taxesAndFees.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
  return { detachedTickets: Number(n) };
}
