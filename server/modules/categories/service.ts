import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CategoryRequest, CategoryResponse } from '../../../common/categories';
import type { Database, Db } from '../../db/client';
import { catalogueCategories, tickets } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { assertEachOnce, nextSortOrder } from '../../http/sort-order';
import { getEvent, lockEvent } from '../owned-events/service';

type Input = z.output<typeof CategoryRequest>;
type CategoryRow = typeof catalogueCategories.$inferSelect;

/** A category of an event, as the caller names it. */
export interface CategoryRef {
  auth: AuthContext;
  eventId: number;
  categoryId: number;
}

const toResponse = (row: CategoryRow, items: number): CategoryResponse => ({
  id: row.id,
  event_id: row.eventId,
  name: row.name,
  description: row.description,
  is_hidden: row.isHidden,
  sort_order: row.sortOrder,
  items,
});

/** The event's categories in their order, each with how many tickets and products it holds. */
export async function findCategories(
  db: Db,
  auth: AuthContext,
  eventId: number,
): Promise<CategoryResponse[]> {
  await getEvent(db, auth.accountId, eventId);
  const rows = await db
    .select()
    .from(catalogueCategories)
    .where(eq(catalogueCategories.eventId, eventId))
    .orderBy(asc(catalogueCategories.sortOrder), asc(catalogueCategories.id));
  if (rows.length === 0) return [];
  const counts = await db
    .select({ id: tickets.categoryId, n: count() })
    .from(tickets)
    .where(
      inArray(
        tickets.categoryId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(tickets.categoryId);
  const byId = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((row) => toResponse(row, byId.get(row.id) ?? 0));
}

const columns = (input: Input) => ({
  name: input.name,
  description: input.description || null,
  isHidden: input.is_hidden,
});

async function oneOf(db: Db, ref: CategoryRef): Promise<CategoryResponse> {
  const found = (await findCategories(db, ref.auth, ref.eventId)).find((c) => c.id === ref.categoryId);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

export async function createCategory({
  db,
  auth,
  eventId,
  input,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  input: Input;
}): Promise<CategoryResponse> {
  const categoryId = await inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const next = await nextSortOrder(
      tx,
      {
        table: catalogueCategories,
        sortOrder: catalogueCategories.sortOrder,
        eventId: catalogueCategories.eventId,
      },
      eventId,
    );
    const [row] = await tx
      .insert(catalogueCategories)
      .values({ accountId: auth.accountId, eventId, sortOrder: next, ...columns(input) })
      .returning({ id: catalogueCategories.id });
    if (!row) throw new Error('category insert returned nothing');
    return row.id;
  });
  return oneOf(db, { auth, eventId, categoryId });
}

const categoryOf = ({ auth, eventId, categoryId }: CategoryRef) =>
  and(
    eq(catalogueCategories.id, categoryId),
    eq(catalogueCategories.eventId, eventId),
    eq(catalogueCategories.accountId, auth.accountId),
  );

export async function updateCategory({
  db,
  input,
  ...ref
}: CategoryRef & { db: Database; input: Input }): Promise<CategoryResponse> {
  await getEvent(db, ref.auth.accountId, ref.eventId);
  const [row] = await db
    .update(catalogueCategories)
    .set({ ...columns(input), updatedAt: sql`now()` })
    .where(categoryOf(ref))
    .returning({ id: catalogueCategories.id });
  if (!row) throw new AppError('NOT_FOUND');
  return oneOf(db, ref);
}

/** Deletes a category; what it held stays on sale, listed before the first category. */
export async function deleteCategory({ db, ...ref }: CategoryRef & { db: Database }): Promise<void> {
  await getEvent(db, ref.auth.accountId, ref.eventId);
  const [row] = await db
    .delete(catalogueCategories)
    .where(categoryOf(ref))
    .returning({ id: catalogueCategories.id });
  if (!row) throw new AppError('NOT_FOUND');
}

/** Puts the event's categories in the given order; every category of the event must be named once. */
export async function sortCategories({
  db,
  auth,
  eventId,
  categoryIds,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  categoryIds: number[];
}): Promise<CategoryResponse[]> {
  await inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const rows = await tx
      .select({ id: catalogueCategories.id })
      .from(catalogueCategories)
      .where(eq(catalogueCategories.eventId, eventId));
    assertEachOnce(
      categoryIds,
      rows.map((r) => r.id),
      'category_ids',
    );
    for (const [sortOrder, id] of categoryIds.entries())
      await tx.update(catalogueCategories).set({ sortOrder }).where(eq(catalogueCategories.id, id));
  });
  return findCategories(db, auth, eventId);
}
