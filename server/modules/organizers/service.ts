import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { organizerDesignOf } from '../../../common/organizer-design';
import type {
  CreateOrganizerRequest,
  OrganizerResponse,
  OrganizersQuery,
  UpdateOrganizerRequest,
} from '../../../common/organizers';
import type { Database, Db, Transaction } from '../../db/client';
import { organizerOldSlugs, organizers } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, conflictError } from '../../http/app-error';
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
    slug: row.slug,
    social_links: row.socialLinks,
    currency: row.currency,
    timezone: row.timezone,
    design: organizerDesignOf(row.design),
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
  db: Database,
  auth: AuthContext,
  input: z.output<typeof CreateOrganizerRequest>,
): Promise<OrganizerRow> {
  const account = await getAccount(db, auth.accountId);
  const [row] = await saveSlug(db, async (tx) => {
    if (input.slug) await claimSlug(tx, { slug: input.slug, organizerId: null });
    return tx
      .insert(organizers)
      .values({
        accountId: auth.accountId,
        name: input.name,
        email: input.email ?? null,
        description: input.description ?? null,
        website: input.website ?? null,
        slug: input.slug ?? null,
        socialLinks: input.social_links ?? [],
        currency: input.currency ?? account.currency,
        timezone: input.timezone ?? account.timezone,
      })
      .returning();
  });
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
  db: Database;
  auth: AuthContext;
  id: number;
  input: z.output<typeof UpdateOrganizerRequest>;
}): Promise<OrganizerRow> {
  const current = await getOrganizer(db, auth.accountId, id);
  const [row] = await saveSlug(db, async (tx) => {
    const changes = input.slug !== undefined && input.slug !== current.slug;
    if (changes && input.slug) await claimSlug(tx, { slug: input.slug, organizerId: id });
    // The address it had keeps leading to the organizer's page (decision 058).
    if (changes && current.slug) {
      await tx
        .insert(organizerOldSlugs)
        .values({ slug: current.slug.toLowerCase(), organizerId: id })
        .onConflictDoNothing();
    }
    return tx
      .update(organizers)
      .set({
        name: input.name,
        email: input.email,
        description: input.description,
        website: input.website,
        slug: input.slug,
        socialLinks: input.social_links,
        currency: input.currency,
        timezone: input.timezone,
        // Field by field (decision 013): what is left out keeps its stored value.
        design: input.design
          ? sql`${organizers.design} || ${JSON.stringify(stripUndefined(input.design))}::jsonb`
          : undefined,
        updatedAt: sql`now()`,
      })
      .where(eq(organizers.id, id))
      .returning();
  });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

function stripUndefined(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
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

/** Runs a write that may set a slug; the unique index's refusal (a race) is the same 409. */
async function saveSlug<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (sqlState(error) === '23505') throw conflictError('ORGANIZER_SLUG_TAKEN', 'slug');
    throw error;
  }
}

/**
 * Takes `slug` for the organizer (null: one being created): refused when another organizer has
 * it now or had it before (its old address redirects there); one of the organizer's own old
 * addresses is its own again.
 */
async function claimSlug(
  tx: Transaction,
  { slug, organizerId }: { slug: string; organizerId: number | null },
) {
  const lower = slug.toLowerCase();
  const [old] = await tx.select().from(organizerOldSlugs).where(eq(organizerOldSlugs.slug, lower));
  if (old && old.organizerId !== organizerId) throw conflictError('ORGANIZER_SLUG_TAKEN', 'slug');
  if (old) await tx.delete(organizerOldSlugs).where(eq(organizerOldSlugs.slug, lower));
  const taken = await tx
    .select({ id: organizers.id })
    .from(organizers)
    .where(
      and(
        sql`lower(${organizers.slug}) = ${lower}`,
        organizerId === null ? undefined : ne(organizers.id, organizerId),
      ),
    );
  if (taken.length > 0) throw conflictError('ORGANIZER_SLUG_TAKEN', 'slug');
}

/** The organizer whose homepage is at `slug` now, or the one it redirects to (an old address). */
export async function findOrganizerBySlug(
  db: Db,
  slug: string,
): Promise<{ organizer: OrganizerRow; current: boolean } | null> {
  const lower = slug.toLowerCase();
  const [row] = await db.select().from(organizers).where(sql`lower(${organizers.slug}) = ${lower}`);
  if (row) return { organizer: row, current: true };
  const [moved] = await db
    .select({ organizer: organizers })
    .from(organizerOldSlugs)
    .innerJoin(organizers, eq(organizers.id, organizerOldSlugs.organizerId))
    .where(eq(organizerOldSlugs.slug, lower));
  return moved?.organizer.slug ? { organizer: moved.organizer, current: false } : null;
}
