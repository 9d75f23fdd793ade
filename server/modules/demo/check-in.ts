import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attendees, checkInLists, checkInListTickets, tickets } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { newCheckInShortId } from '../check-in/lists';
import { checkInAttendee } from '../check-in/scan';

/** The demo's door: one list for every ticket, with the first guest already let in. */
export async function seedDemoCheckIn(db: Database, accountId: number, eventId: number): Promise<void> {
  const list = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(checkInLists)
      .values({
        accountId,
        eventId,
        shortId: newCheckInShortId(),
        name: 'Main entrance',
        description: 'Scan every ticket at the terrace gate.',
      })
      .returning();
    if (!row) throw new Error('demo insert returned nothing');
    const all = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.eventId, eventId));
    await tx.insert(checkInListTickets).values(all.map((t) => ({ checkInListId: row.id, ticketId: t.id })));
    return row;
  });
  const [guest] = await db
    .select({ id: attendees.id })
    .from(attendees)
    .where(and(eq(attendees.eventId, eventId), eq(attendees.status, 'ACTIVE')))
    .orderBy(asc(attendees.id))
    .limit(1);
  if (guest) {
    await checkInAttendee({
      db,
      shortId: list.shortId,
      input: { attendee_id: guest.id, device: 'Gate phone' },
    });
  }
}
