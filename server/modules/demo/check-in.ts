import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attendees, checkInLists, checkInListTickets, tickets } from '../../db/schema';
import { newCheckInShortId } from '../check-in/lists';
import { checkIn } from '../check-in/scan';

/** The demo's door: one list for every ticket, with the first guest already let in. */
export async function seedDemoCheckIn(db: Database, accountId: number, eventId: number): Promise<void> {
  const [list] = await db
    .insert(checkInLists)
    .values({
      accountId,
      eventId,
      shortId: newCheckInShortId(),
      name: 'Main entrance',
      description: 'Scan every ticket at the terrace gate.',
    })
    .returning();
  if (!list) throw new Error('demo insert returned nothing');
  const all = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.eventId, eventId));
  await db.insert(checkInListTickets).values(all.map((t) => ({ checkInListId: list.id, ticketId: t.id })));
  const [guest] = await db
    .select({ id: attendees.id })
    .from(attendees)
    .where(and(eq(attendees.eventId, eventId), eq(attendees.status, 'ACTIVE')))
    .orderBy(asc(attendees.id))
    .limit(1);
  if (guest) await checkIn(db, list.shortId, { attendee_id: guest.id, device: 'Gate phone' });
}
