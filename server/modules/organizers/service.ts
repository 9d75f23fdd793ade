import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateOrganizerRequest,
  OrganizerResponse,
  OrganizersQuery,
  UpdateOrganizerRequest,
} from '../../../common/organizers';
import type { Db } from '../../db/client';
import { organizers } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { findList } from '../../http/list';
import { getAccount } from '../accounts/service';

export type OrganizerRow = typeof organizers.$inferSelect;

export function toOrganizerResponse(row: OrganizerRow): OrganizerResponse {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    description: row.description,
    website: row.website,
    currency: row.currency,
    timezone: row.timezone,
    created_at: row.createdAt.toISOString(),
  };
}

/** An organizer of the caller's account, or 404 (also for other accounts' organizers). */
export async function getOrganizer(db: Db, accountId: number, id: number): Promise<OrganizerRow> {
  const [row] = await db
    .select()
    .from(organizers)
    .where(and(eq(organizers.id, id), eq(organizers.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function createOrganizer(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof CreateOrganizerRequest>,
): Promise<OrganizerRow> {
  const account = await getAccount(db, auth.accountId);
  const [row] = await db
    .insert(organizers)
    .values({
      accountId: auth.accountId,
      name: input.name,
      email: input.email ?? null,
      description: input.description ?? null,
      website: input.website ?? null,
      currency: input.currency ?? account.currency,
      timezone: input.timezone ?? account.timezone,
    })
    .returning();
  if (!row) throw new Error('organizer insert returned nothing');
  return row;
}

/** Writes the fields sent; a field left out is `undefined`, which the update leaves as it is. */
export async function updateOrganizer({
  db,
  auth,
  id,
  input,
}: {
  db: Db;
  auth: AuthContext;
  id: number;
  input: z.output<typeof UpdateOrganizerRequest>;
}): Promise<OrganizerRow> {
  await getOrganizer(db, auth.accountId, id);
  const [row] = await db
    .update(organizers)
    .set({
      name: input.name,
      email: input.email,
      description: input.description,
      website: input.website,
      currency: input.currency,
      timezone: input.timezone,
      updatedAt: sql`now()`,
    })
    .where(eq(organizers.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** `GET /api/organizers`: the account's organizers, searchable by name. */
export function findOrganizers(db: Db, auth: AuthContext, query: z.output<typeof OrganizersQuery>) {
  return findList(query, {
    where: [eq(organizers.accountId, auth.accountId)],
    search: [organizers.name],
    sort: { name: sql`lower(${organizers.name})`, created_at: organizers.createdAt },
    tiebreaker: asc(organizers.id),
    select: (where) => db.select().from(organizers).where(where),
    count: (where) => db.$count(organizers, where),
    present: (rows) => rows.map(toOrganizerResponse),
  });
}
