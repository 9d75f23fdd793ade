import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { events } from './events';
import { tickets } from './tickets';

/**
 * A limit shared by several tickets on each date; the seats its tickets sold and hold are counted
 * per date in `capacity_stock`, which enforces `used <= capacity` while the assignment is ACTIVE.
 */
export const capacityAssignments = pgTable(
  'capacity_assignments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    capacity: integer('capacity'),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('capacity_assignments_event_idx').on(t.eventId),
    check('capacity_assignments_capacity', sql`${t.capacity} is null or ${t.capacity} >= 0`),
  ],
);

export const capacityAssignmentTickets = pgTable(
  'capacity_assignment_tickets',
  {
    capacityAssignmentId: bigint('capacity_assignment_id', { mode: 'number' })
      .notNull()
      .references(() => capacityAssignments.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.capacityAssignmentId, t.ticketId] }),
    index('capacity_assignment_tickets_ticket_idx').on(t.ticketId),
  ],
);
