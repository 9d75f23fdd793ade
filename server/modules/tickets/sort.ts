import { eq } from 'drizzle-orm';
import type { TicketResponse } from '../../../common/tickets';
import type { Database } from '../../db/client';
import { tickets } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { AuthContext } from '../../http/auth';
import { assertEachOnce } from '../../http/sort-order';
import { lockEvent } from '../owned-events/service';
import { findTickets } from './service';

/** Puts the event's tickets in the given order; every ticket of the event must be named once. */
export async function sortTickets({
  db,
  auth,
  eventId,
  ticketIds,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  ticketIds: number[];
}): Promise<TicketResponse[]> {
  await inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const rows = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.eventId, eventId));
    assertEachOnce(
      ticketIds,
      rows.map((r) => r.id),
      'ticket_ids',
    );
    for (const [sortOrder, id] of ticketIds.entries()) {
      await tx.update(tickets).set({ sortOrder }).where(eq(tickets.id, id));
    }
  });
  return findTickets(db, auth, eventId);
}
